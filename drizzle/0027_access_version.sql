-- The access version (record 090): counts every write that changes who may see what, or what a share link's client
-- sees of their own, as `version` counts the content. The media gate, the access cache and the pages cached per
-- owner or grant are kept under both counts and dropped when either moves. A link's opening (its view count and
-- last use) and a session's sliding expiry are not counted: they change nobody's access.
ALTER TABLE `content_version` ADD `access` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE TRIGGER `share_links_inserted_access` AFTER INSERT ON `share_links` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `share_links_updated_access` AFTER UPDATE OF `album_id`, `label`, `token_hash`, `password_hash`, `expires_at`, `download`, `revoked_at`, `choose_count`, `choose_exactly`, `client_view`, `watermark` ON `share_links` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `share_links_deleted_access` AFTER DELETE ON `share_links` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
-- A session ends by its deletion (sign-out, a revoked device, a new password); its expiry only ever slides later.
CREATE TRIGGER `sessions_deleted_access` AFTER DELETE ON `sessions` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `sessions_shortened_access` AFTER UPDATE ON `sessions` WHEN NEW.`expires_at` < OLD.`expires_at` OR NEW.`cookie_hash` <> OLD.`cookie_hash` OR NEW.`token_hash` <> OLD.`token_hash` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `share_visitors_inserted_access` AFTER INSERT ON `share_visitors` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `share_visitors_updated_access` AFTER UPDATE ON `share_visitors` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `share_visitors_deleted_access` AFTER DELETE ON `share_visitors` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `favourites_inserted_access` AFTER INSERT ON `favourites` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `favourites_updated_access` AFTER UPDATE ON `favourites` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `favourites_deleted_access` AFTER DELETE ON `favourites` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `photo_comments_inserted_access` AFTER INSERT ON `photo_comments` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `photo_comments_updated_access` AFTER UPDATE ON `photo_comments` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `photo_comments_deleted_access` AFTER DELETE ON `photo_comments` BEGIN UPDATE `content_version` SET `access` = `access` + 1; END;
