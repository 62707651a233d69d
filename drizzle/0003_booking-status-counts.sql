CREATE TABLE `booking_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_status_counts_status_valid" CHECK("booking_status_counts"."status" IN ('pending', 'confirmed', 'cancelled', 'completed'))
);
