CREATE TABLE `replication_heartbeat` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	CONSTRAINT "replication_heartbeat_single_row" CHECK("replication_heartbeat"."id" = 1)
);
