CREATE TABLE `waitlist` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`items` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`part_of_day` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_status_valid" CHECK("waitlist"."status" IN ('waiting', 'booked', 'left')),
	CONSTRAINT "waitlist_part_of_day_valid" CHECK("waitlist"."part_of_day" IN ('any', 'morning', 'afternoon', 'evening')),
	CONSTRAINT "waitlist_days_order" CHECK("waitlist"."to_date" >= "waitlist"."from_date")
);
--> statement-breakpoint
CREATE INDEX `waitlist_waiting_idx` ON `waitlist` (`to_date`,`from_date`,`created_at`) WHERE "waitlist"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist` (`user_id`,`created_at`);