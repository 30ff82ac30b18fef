CREATE TABLE `favourites` (
	`visitor_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`visitor_id`, `image_id`),
	FOREIGN KEY (`visitor_id`) REFERENCES `share_visitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourites_image_idx` ON `favourites` (`image_id`);--> statement-breakpoint
CREATE TABLE `share_visitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `share_visitors_link_idx` ON `share_visitors` (`link_id`);