CREATE TABLE `share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`album_id` integer NOT NULL,
	`label` text NOT NULL,
	`token_hash` text NOT NULL,
	`password_hash` text,
	`expires_at` integer,
	`download` text DEFAULT 'none' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`view_count` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_token_hash_unique` ON `share_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `share_links_album_idx` ON `share_links` (`album_id`,`created_at`);