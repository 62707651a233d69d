CREATE TABLE `idempotent_writes` (
	`key` text PRIMARY KEY NOT NULL,
	`write` text NOT NULL,
	`request_digest` text NOT NULL,
	`result_id` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "idempotent_writes_write_valid" CHECK("idempotent_writes"."write" IN ('sale', 'voucher', 'refund'))
);
