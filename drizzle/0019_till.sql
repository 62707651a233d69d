CREATE TABLE `cash_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`float_cents` integer NOT NULL,
	`expected_cents` integer NOT NULL,
	`counted_cents` integer NOT NULL,
	`note` text,
	`by_id` text NOT NULL,
	`by_name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cash_ups_day_idx` ON `cash_ups` (`day`,`created_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`day` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`voucher_id` text,
	`reason` text NOT NULL,
	`by_id` text NOT NULL,
	`by_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "refunds_method_valid" CHECK("refunds"."method" IN ('cash', 'card', 'voucher', 'other')),
	CONSTRAINT "refunds_positive" CHECK("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `refunds_sale_idx` ON `refunds` (`sale_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_day_idx` ON `refunds` (`day`);--> statement-breakpoint
CREATE TABLE `sale_items` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`position` integer NOT NULL,
	`day` text NOT NULL,
	`booking_id` text,
	`service_id` text,
	`service_name` text,
	`specialist_id` text,
	`specialist_name` text,
	`description` text NOT NULL,
	`booked_cents` integer,
	`price_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`reason` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "sale_items_amounts" CHECK("sale_items"."price_cents" >= 0 AND "sale_items"."net_cents" >= 0 AND "sale_items"."net_cents" <= "sale_items"."price_cents")
);
--> statement-breakpoint
CREATE INDEX `sale_items_sale_idx` ON `sale_items` (`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_items_day_idx` ON `sale_items` (`day`);--> statement-breakpoint
CREATE INDEX `sale_items_booking_idx` ON `sale_items` (`booking_id`) WHERE "sale_items"."booking_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`position` integer NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`voucher_id` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "sale_payments_method_valid" CHECK("sale_payments"."method" IN ('cash', 'card', 'voucher', 'other')),
	CONSTRAINT "sale_payments_positive" CHECK("sale_payments"."amount_cents" > 0),
	CONSTRAINT "sale_payments_voucher" CHECK(("sale_payments"."method" = 'voucher') = ("sale_payments"."voucher_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `sale_payments_sale_idx` ON `sale_payments` (`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_payments_voucher_idx` ON `sale_payments` (`voucher_id`) WHERE "sale_payments"."voucher_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `sale_tips` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`specialist_id` text NOT NULL,
	`specialist_name` text NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "sale_tips_positive" CHECK("sale_tips"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `sale_tips_sale_idx` ON `sale_tips` (`sale_id`);--> statement-breakpoint
CREATE INDEX `sale_tips_specialist_idx` ON `sale_tips` (`specialist_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`kind` text NOT NULL,
	`visit_id` text,
	`user_id` text,
	`customer_name` text,
	`customer_email` text,
	`day` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`discount_percent` integer,
	`discount_reason` text,
	`total_cents` integer NOT NULL,
	`tips_cents` integer DEFAULT 0 NOT NULL,
	`taken_by_id` text NOT NULL,
	`taken_by_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sales_kind_valid" CHECK("sales"."kind" IN ('visit', 'walk-in', 'voucher')),
	CONSTRAINT "sales_total_sum" CHECK("sales"."total_cents" = "sales"."subtotal_cents" - "sales"."discount_cents" AND "sales"."total_cents" >= 0),
	CONSTRAINT "sales_tips_positive" CHECK("sales"."tips_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_number_unique` ON `sales` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_visit_unique` ON `sales` (`visit_id`) WHERE "sales"."visit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sales_day_idx` ON `sales` (`day`,`number`);--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`value_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`buyer_name` text,
	`recipient_name` text,
	`expires_on` text NOT NULL,
	`sale_id` text NOT NULL,
	`voided_at` integer,
	`voided_by` text,
	`void_reason` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "vouchers_balance_bounds" CHECK("vouchers"."balance_cents" >= 0 AND "vouchers"."balance_cents" <= "vouchers"."value_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_unique` ON `vouchers` (`code`);--> statement-breakpoint
CREATE INDEX `vouchers_created_idx` ON `vouchers` (`created_at`);