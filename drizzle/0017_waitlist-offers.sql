CREATE TABLE `waitlist_holds` (
	`offer_id` text NOT NULL,
	`specialist_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`until` integer NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `waitlist_offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_holds_specialist_idx` ON `waitlist_holds` (`specialist_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `waitlist_holds_offer_idx` ON `waitlist_holds` (`offer_id`);--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`booking_date` text NOT NULL,
	`time_slot` text NOT NULL,
	`items` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`expires_at` integer NOT NULL,
	`booking_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_offers_status_valid" CHECK("waitlist_offers"."status" IN ('open', 'accepted', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_token_unique` ON `waitlist_offers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_entry_idx` ON `waitlist_offers` (`entry_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_activity` (
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
	CONSTRAINT "activity_actor_kind" CHECK("__new_activity"."actor_kind" IN ('customer', 'staff', 'api-token', 'system')),
	CONSTRAINT "activity_entity_kind" CHECK("__new_activity"."entity" IN ('booking', 'service', 'specialist', 'discount', 'hours', 'closure', 'time-off', 'team', 'settings', 'review', 'customer', 'waitlist'))
);
--> statement-breakpoint
INSERT INTO `__new_activity`("id", "at", "actor_kind", "actor_id", "actor_name", "actor_role", "entity", "entity_id", "entity_label", "action", "detail") SELECT "id", "at", "actor_kind", "actor_id", "actor_name", "actor_role", "entity", "entity_id", "entity_label", "action", "detail" FROM `activity`;--> statement-breakpoint
DROP TABLE `activity`;--> statement-breakpoint
ALTER TABLE `__new_activity` RENAME TO `activity`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `activity_at_idx` ON `activity` (`at`);--> statement-breakpoint
CREATE INDEX `activity_entity_idx` ON `activity` (`entity`,`entity_id`,`at`);