-- The newest-taken-first order key for key (sortKeys("taken_at", "desc"): undated last, then the date and the id
-- descending), so that a broad search and the galleries in that order walk the index with no sort (record 076).
-- Written by hand: drizzle-kit splits coalesce(…)'s comma.
DROP INDEX `images_taken_at_idx`;--> statement-breakpoint
DROP INDEX `public_images_taken_at_idx`;--> statement-breakpoint
CREATE INDEX `images_taken_at_idx` ON `images` ((`taken_at` IS NULL), coalesce(`taken_at`, 0) DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `public_images_taken_at_idx` ON `images` ((`taken_at` IS NULL), coalesce(`taken_at`, 0) DESC, `id` DESC) WHERE visibility = 'public';
