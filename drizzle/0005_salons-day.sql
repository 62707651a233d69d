CREATE TABLE `closures` (
	`id` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `closures_day_unique` ON `closures` (`day`);--> statement-breakpoint
CREATE TABLE `specialist_schedules` (
	`specialist_id` text NOT NULL,
	`day` text NOT NULL,
	`ranges` text NOT NULL,
	PRIMARY KEY(`specialist_id`, `day`),
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "specialist_schedules_day_valid" CHECK("specialist_schedules"."day" IN ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'))
);
--> statement-breakpoint
CREATE TABLE `time_off` (
	`id` text PRIMARY KEY NOT NULL,
	`specialist_id` text NOT NULL,
	`starts_local` text NOT NULL,
	`ends_local` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "time_off_order" CHECK("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `time_off_specialist_end_idx` ON `time_off` (`specialist_id`,`ends_at`);--> statement-breakpoint
CREATE INDEX `time_off_end_idx` ON `time_off` (`ends_at`);--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`) WHERE "users"."email" <> '';--> statement-breakpoint
ALTER TABLE `bookings` ADD `sequence` integer DEFAULT 0 NOT NULL;