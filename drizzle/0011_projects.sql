CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`tags` text NOT NULL,
	`demo_url` text NOT NULL,
	`code_url` text,
	`hidden` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	`media` text,
	`media_alt` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- The home page shows the projects: a write counts in the content version (decision 018).
CREATE TRIGGER `projects_inserted_content` AFTER INSERT ON `projects` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `projects_updated_content` AFTER UPDATE ON `projects` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `projects_deleted_content` AFTER DELETE ON `projects` BEGIN UPDATE `content_version` SET `version` = `version` + 1; END;
