ALTER TABLE `albums` ADD `visibility` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `images` ADD `visibility` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
CREATE INDEX `public_images_uploaded_at_idx` ON `images` (`uploaded_at`,`id`) WHERE visibility = 'public';--> statement-breakpoint
CREATE INDEX `public_images_name_idx` ON `images` (`name`,`id`) WHERE visibility = 'public';--> statement-breakpoint
CREATE INDEX `public_images_size_idx` ON `images` (`size`,`id`) WHERE visibility = 'public';--> statement-breakpoint
CREATE INDEX `public_images_taken_at_idx` ON `images` (("taken_at" IS NULL),`taken_at`,`id`) WHERE visibility = 'public';