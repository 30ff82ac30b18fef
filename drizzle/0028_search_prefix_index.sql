-- The photo search's index again, with prefix indexes of one, two and three characters (record 092): a search word is
-- a prefix (record 076), and a short one ("x" of "X-T5", or the first letters typed) otherwise merged the lists of
-- every word it begins at each search. The triggers of 0021 write this table by name and stay as they are.
DROP TABLE `photo_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `photo_search` USING fts5(
	`name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '1 2 3'
);
--> statement-breakpoint
INSERT INTO `photo_search` (`rowid`, `name`, `description`, `tags`, `camera`, `albums_public`, `albums_all`, `taken`) SELECT * FROM `photo_search_source`;
