-- Search over photos (docs/decisions/076-search-index.md): one FTS5 row per photo, its rowid the photo's id, written
-- only by the triggers below from the view `photo_search_source`, so every write that changes what a photo is found
-- by (its text, camera, date, tags, albums), by any process, keeps it current. Album names are kept twice: the public
-- albums' for visitors and every album's for the owner; a visitor's query never reads `albums_all`.
-- A migration that rebuilds one of these tables must make its triggers again.
CREATE VIRTUAL TABLE `photo_search` USING fts5(
	`name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- A photo's searchable text: a tag as its name and, when it came with one, its keyword's path ("People|Anna");
-- the date taken on the camera's clock as "2024 June".
CREATE VIEW `photo_search_source` AS SELECT
	`i`.`id` AS `id`,
	`i`.`name` AS `name`,
	`i`.`description` AS `description`,
	coalesce((SELECT group_concat(`t`.`name` || CASE WHEN `it`.`path` <> `t`.`name` THEN ' ' || `it`.`path` ELSE '' END, ' ')
		FROM `image_tags` `it` JOIN `tags` `t` ON `t`.`id` = `it`.`tag_id` WHERE `it`.`image_id` = `i`.`id`), '') AS `tags`,
	trim(coalesce(`i`.`camera_make`, '') || ' ' || coalesce(`i`.`camera_model`, '') || ' ' || coalesce(`i`.`lens`, '')) AS `camera`,
	coalesce((SELECT group_concat(`a`.`name`, ' ') FROM `album_images` `ai` JOIN `albums` `a` ON `a`.`id` = `ai`.`album_id`
		WHERE `ai`.`image_id` = `i`.`id` AND `a`.`visibility` = 'public'), '') AS `albums_public`,
	coalesce((SELECT group_concat(`a`.`name`, ' ') FROM `album_images` `ai` JOIN `albums` `a` ON `a`.`id` = `ai`.`album_id`
		WHERE `ai`.`image_id` = `i`.`id`), '') AS `albums_all`,
	CASE WHEN `i`.`taken_at` IS NULL THEN '' ELSE
		strftime('%Y', `i`.`taken_at` / 1000 + coalesce(`i`.`taken_offset`, 0) * 60, 'unixepoch') || ' ' ||
		rtrim(substr('January  February March    April    May      June     July     August   SeptemberOctober  November December ',
			9 * (CAST(strftime('%m', `i`.`taken_at` / 1000 + coalesce(`i`.`taken_offset`, 0) * 60, 'unixepoch') AS integer) - 1) + 1, 9))
	END AS `taken`
FROM `images` `i`;
--> statement-breakpoint
INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source`;
--> statement-breakpoint
CREATE TRIGGER `images_inserted_search` AFTER INSERT ON `images` BEGIN DELETE FROM `photo_search` WHERE `rowid` = NEW.`id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `images_updated_search` AFTER UPDATE OF `name`, `description`, `camera_make`, `camera_model`, `lens`, `taken_at`, `taken_offset` ON `images` BEGIN DELETE FROM `photo_search` WHERE `rowid` = NEW.`id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `images_deleted_search` AFTER DELETE ON `images` BEGIN DELETE FROM `photo_search` WHERE `rowid` = OLD.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `image_tags_inserted_search` AFTER INSERT ON `image_tags` BEGIN DELETE FROM `photo_search` WHERE `rowid` = NEW.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = NEW.`image_id`; END;
--> statement-breakpoint
CREATE TRIGGER `image_tags_updated_search` AFTER UPDATE ON `image_tags` BEGIN DELETE FROM `photo_search` WHERE `rowid` = OLD.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = OLD.`image_id`; DELETE FROM `photo_search` WHERE `rowid` = NEW.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = NEW.`image_id`; END;
--> statement-breakpoint
CREATE TRIGGER `image_tags_deleted_search` AFTER DELETE ON `image_tags` BEGIN DELETE FROM `photo_search` WHERE `rowid` = OLD.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = OLD.`image_id`; END;
--> statement-breakpoint
CREATE TRIGGER `tags_updated_search` AFTER UPDATE OF `name` ON `tags` BEGIN DELETE FROM `photo_search` WHERE `rowid` IN (SELECT `image_id` FROM `image_tags` WHERE `tag_id` = NEW.`id`); INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` IN (SELECT `image_id` FROM `image_tags` WHERE `tag_id` = NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `album_images_inserted_search` AFTER INSERT ON `album_images` BEGIN DELETE FROM `photo_search` WHERE `rowid` = NEW.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = NEW.`image_id`; END;
--> statement-breakpoint
CREATE TRIGGER `album_images_deleted_search` AFTER DELETE ON `album_images` BEGIN DELETE FROM `photo_search` WHERE `rowid` = OLD.`image_id`; INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` = OLD.`image_id`; END;
--> statement-breakpoint
CREATE TRIGGER `albums_updated_search` AFTER UPDATE OF `name`, `visibility` ON `albums` BEGIN DELETE FROM `photo_search` WHERE `rowid` IN (SELECT `image_id` FROM `album_images` WHERE `album_id` = NEW.`id`); INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source` WHERE `id` IN (SELECT `image_id` FROM `album_images` WHERE `album_id` = NEW.`id`); END;
