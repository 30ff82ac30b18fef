ALTER TABLE `images` ADD `camera_make` text;--> statement-breakpoint
ALTER TABLE `images` ADD `camera_model` text;--> statement-breakpoint
ALTER TABLE `images` ADD `lens` text;--> statement-breakpoint
ALTER TABLE `images` ADD `focal_length` real;--> statement-breakpoint
ALTER TABLE `images` ADD `aperture` real;--> statement-breakpoint
ALTER TABLE `images` ADD `exposure_time` real;--> statement-breakpoint
ALTER TABLE `images` ADD `iso` integer;--> statement-breakpoint
ALTER TABLE `images` ADD `taken_at` integer;--> statement-breakpoint
ALTER TABLE `images` ADD `taken_offset` integer;--> statement-breakpoint
CREATE INDEX `images_taken_at_idx` ON `images` (("taken_at" IS NULL),`taken_at`,`id`);