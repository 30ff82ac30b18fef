CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
-- Pages show these settings: a write counts in the content version (decision 018).
CREATE TRIGGER `site_settings_inserted_content` AFTER INSERT ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_settings_updated_content` AFTER UPDATE ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_settings_deleted_content` AFTER DELETE ON `site_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
