CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`claimed_by` text,
	`claimed_until` integer,
	`last_error` text,
	`last_code` integer,
	`booking_id` text,
	`endpoint_id` text,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `messages_pending_due_idx` ON `messages` (`due_at`) WHERE "messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `messages_sending_idx` ON `messages` (`claimed_until`) WHERE "messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX `messages_booking_idx` ON `messages` (`booking_id`) WHERE "messages"."booking_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_endpoint_idx` ON `messages` (`endpoint_id`,`created_at`) WHERE "messages"."endpoint_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_dedupe_unique` ON `messages` (`dedupe_key`) WHERE "messages"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `salon_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`notify_bookings` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "salon_settings_single_row" CHECK("salon_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer NOT NULL
);
