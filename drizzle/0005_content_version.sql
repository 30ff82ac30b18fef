-- What the public pages show changes only through these tables; a write to any
-- of them, by any process, counts once here (app/server/data/data-version.server.ts,
-- docs/decisions/018-content-version.md). A table whose rows pages show joins
-- with the same three triggers in its own migration.
CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `images_inserted_content` AFTER INSERT ON `images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `images_updated_content` AFTER UPDATE ON `images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `images_deleted_content` AFTER DELETE ON `images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `albums_inserted_content` AFTER INSERT ON `albums` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `albums_updated_content` AFTER UPDATE ON `albums` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `albums_deleted_content` AFTER DELETE ON `albums` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `album_images_inserted_content` AFTER INSERT ON `album_images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `album_images_updated_content` AFTER UPDATE ON `album_images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `album_images_deleted_content` AFTER DELETE ON `album_images` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
