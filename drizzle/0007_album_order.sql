ALTER TABLE `album_images` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `album_images_position_idx` ON `album_images` (`album_id`,`position`,`image_id`);--> statement-breakpoint
ALTER TABLE `albums` ADD `sort` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `albums` ADD `sort_order` text DEFAULT 'desc' NOT NULL;--> statement-breakpoint
ALTER TABLE `albums` ADD `add_to` text DEFAULT 'end' NOT NULL;--> statement-breakpoint
-- Albums made before the manual order keep the order they always had, newest
-- upload first; new albums default to manual (docs/decisions/024-album-order.md).
UPDATE `albums` SET `sort` = 'uploaded_at', `sort_order` = 'desc';
--> statement-breakpoint
-- Positions in that order, 1024 apart, so switching such an album to manual starts from what it showed.
UPDATE `album_images` SET `position` = `ranked`.`n` * 1024
FROM (
	SELECT `album_images`.`album_id` AS `album_id`, `album_images`.`image_id` AS `image_id`,
		row_number() OVER (PARTITION BY `album_images`.`album_id` ORDER BY `images`.`uploaded_at` DESC, `images`.`id` DESC) AS `n`
	FROM `album_images` INNER JOIN `images` ON `images`.`id` = `album_images`.`image_id`
) AS `ranked`
WHERE `album_images`.`album_id` = `ranked`.`album_id` AND `album_images`.`image_id` = `ranked`.`image_id`;
