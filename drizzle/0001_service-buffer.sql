DROP INDEX `bookings_status_idx`;--> statement-breakpoint
DROP INDEX `bookings_created_idx`;--> statement-breakpoint
CREATE INDEX `bookings_status_created_idx` ON `bookings` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `services` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;