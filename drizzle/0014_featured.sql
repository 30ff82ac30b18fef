ALTER TABLE `images` ADD `featured_position` integer;--> statement-breakpoint
CREATE INDEX `images_featured_idx` ON `images` (("featured_position" IS NULL),`featured_position`,`uploaded_at`,`id`);--> statement-breakpoint
CREATE INDEX `public_images_featured_idx` ON `images` (("featured_position" IS NULL),`featured_position`,`uploaded_at`,`id`) WHERE visibility = 'public';