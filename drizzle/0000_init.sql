CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`secondary_phone` text,
	`address` text DEFAULT '' NOT NULL,
	`latitude` real,
	`longitude` real,
	`avatar_url` text,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`service_id` text NOT NULL,
	`specialist_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`service_name` text NOT NULL,
	`service_price` real NOT NULL,
	`duration_minutes` integer NOT NULL,
	`specialist_name` text NOT NULL,
	`booking_date` text NOT NULL,
	`time_slot` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bookings_status_valid" CHECK("bookings"."status" IN ('pending', 'confirmed', 'cancelled', 'completed')),
	CONSTRAINT "bookings_time_order" CHECK("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_specialist_start_live_unique` ON `bookings` (`specialist_id`,`starts_at`) WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `bookings_specialist_day_idx` ON `bookings` (`specialist_id`,`booking_date`);--> statement-breakpoint
CREATE INDEX `bookings_date_idx` ON `bookings` (`booking_date`,`time_slot`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`);--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE TABLE `discount_categories` (
	`discount_id` text NOT NULL,
	`category` text NOT NULL,
	PRIMARY KEY(`discount_id`, `category`),
	FOREIGN KEY (`discount_id`) REFERENCES `discounts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "discount_categories_category_valid" CHECK("discount_categories"."category" IN ('Make up', 'Hair styling', 'Nail care', 'cosmetology', 'SPA procedures'))
);
--> statement-breakpoint
CREATE TABLE `discounts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`percentage` integer NOT NULL,
	`description` text,
	`valid_from` text NOT NULL,
	`valid_till` text NOT NULL,
	`image_url` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "discounts_percentage_range" CHECK("discounts"."percentage" BETWEEN 1 AND 100),
	CONSTRAINT "discounts_dates_order" CHECK("discounts"."valid_from" <= "discounts"."valid_till")
);
--> statement-breakpoint
CREATE INDEX `discounts_valid_till_idx` ON `discounts` (`valid_till`);--> statement-breakpoint
CREATE TABLE `otp_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`verified_until` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `otp_codes_email_idx` ON `otp_codes` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`admin_id` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "password_reset_tokens_one_owner" CHECK(("password_reset_tokens"."user_id" IS NULL) <> ("password_reset_tokens"."admin_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`service_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status_valid" CHECK("reviews"."status" IN ('Pending', 'Approved'))
);
--> statement-breakpoint
CREATE INDEX `reviews_status_idx` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_service_idx` ON `reviews` (`service_id`);--> statement-breakpoint
CREATE TABLE `salon_contact` (
	`id` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`secondary_phone` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "salon_contact_single_row" CHECK("salon_contact"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`price` real NOT NULL,
	`duration_minutes` integer NOT NULL,
	`description` text NOT NULL,
	`image_url` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "services_category_valid" CHECK("services"."category" IN ('Make up', 'Hair styling', 'Nail care', 'cosmetology', 'SPA procedures')),
	CONSTRAINT "services_price_positive" CHECK("services"."price" >= 0),
	CONSTRAINT "services_duration_positive" CHECK("services"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_live_name_unique` ON `services` (lower("name")) WHERE "services"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `services_category_idx` ON `services` (`category`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`admin_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_one_owner" CHECK(("sessions"."user_id" IS NULL) <> ("sessions"."admin_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_admin_idx` ON `sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `specialist_days` (
	`specialist_id` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`specialist_id`, `day`),
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "specialist_days_day_valid" CHECK("specialist_days"."day" IN ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'))
);
--> statement-breakpoint
CREATE TABLE `specialist_services` (
	`specialist_id` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`specialist_id`, `service_id`),
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `specialist_services_service_idx` ON `specialist_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `specialists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`available_from` text NOT NULL,
	`available_to` text NOT NULL,
	`image_url` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `specialists_live_name_unique` ON `specialists` (lower("name")) WHERE "specialists"."deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`avatar_url` text,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);