ALTER TABLE `images` ADD `focus_x` real;--> statement-breakpoint
ALTER TABLE `images` ADD `focus_y` real;