ALTER TABLE `bookings` ADD `visit_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `processing_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_visit_idx` ON `bookings` (`visit_id`,`starts_at`) WHERE "bookings"."visit_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `processing_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `min_notice_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `max_advance_days` integer;--> statement-breakpoint
ALTER TABLE `specialist_services` ADD `price_cents` integer;--> statement-breakpoint
ALTER TABLE `specialist_services` ADD `duration_minutes` integer;