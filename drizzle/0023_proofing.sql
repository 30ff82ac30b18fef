CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `photo_comments` (
	`visitor_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`visitor_id`, `image_id`),
	FOREIGN KEY (`visitor_id`) REFERENCES `share_visitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_comments_image_idx` ON `photo_comments` (`image_id`);--> statement-breakpoint
CREATE TABLE `share_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`link_id` integer NOT NULL,
	`visitor_name` text,
	`mail_id` integer,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mail_id`) REFERENCES `mail_queue`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `share_activity_at_idx` ON `share_activity` (`at`,`id`);--> statement-breakpoint
ALTER TABLE `share_links` ADD `choose_count` integer;--> statement-breakpoint
ALTER TABLE `share_links` ADD `choose_exactly` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `share_visitors` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `share_visitors` ADD `sent_note` text;--> statement-breakpoint
ALTER TABLE `share_visitors` ADD `reopened_at` integer;