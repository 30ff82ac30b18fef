-- A share link's client view: its pages leave out the portfolio's header and links (record 087).
ALTER TABLE `share_links` ADD `client_view` integer DEFAULT false NOT NULL;