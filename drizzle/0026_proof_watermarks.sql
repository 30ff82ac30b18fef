-- Watermarked proofs (record 088): a share link's mark, and the marked images made for it on demand.
CREATE TABLE `proof_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`stamp` text NOT NULL,
	`width` integer NOT NULL,
	`logo_key` text,
	`storage_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proof_variants_storage_key_unique` ON `proof_variants` (`storage_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `proof_variants_made_idx` ON `proof_variants` (`link_id`,`image_id`,`stamp`,`width`);--> statement-breakpoint
ALTER TABLE `share_links` ADD `watermark` text;--> statement-breakpoint
-- A proof's row leaves with its link, its photo or its mark; its file goes to the store's removal journal in the same
-- transaction, whatever deleted the row (a cascade included), and the sweep removes it (storage-sweep.server.ts).
CREATE TRIGGER `proof_variants_journal_removal` AFTER DELETE ON `proof_variants` BEGIN
  INSERT OR IGNORE INTO `pending_objects` (`storage_key`, `since`)
  VALUES (OLD.`storage_key`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
