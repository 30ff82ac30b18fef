CREATE TABLE `pending_objects` (
	`storage_key` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
