CREATE TABLE `opening_hours` (
	`day` text PRIMARY KEY NOT NULL,
	`ranges` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "opening_hours_day_valid" CHECK("opening_hours"."day" IN ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'))
);
