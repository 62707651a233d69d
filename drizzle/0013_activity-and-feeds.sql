CREATE TABLE `activity` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`actor_role` text,
	`entity` text NOT NULL,
	`entity_id` text,
	`entity_label` text NOT NULL,
	`action` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	CONSTRAINT "activity_actor_kind" CHECK("activity"."actor_kind" IN ('customer', 'staff', 'api-token', 'system')),
	CONSTRAINT "activity_entity_kind" CHECK("activity"."entity" IN ('booking', 'service', 'specialist', 'discount', 'hours', 'closure', 'time-off', 'team', 'settings', 'review', 'customer'))
);
--> statement-breakpoint
CREATE INDEX `activity_at_idx` ON `activity` (`at`);--> statement-breakpoint
CREATE INDEX `activity_entity_idx` ON `activity` (`entity`,`entity_id`,`at`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`specialist_id` text,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_scope_unique` ON `calendar_feeds` (`scope`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token`);