CREATE TABLE `booking_series` (
	`id` text PRIMARY KEY NOT NULL,
	`every_weeks` integer NOT NULL,
	`count` integer,
	`until` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rebook_nudges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`after_booking_id` text NOT NULL,
	`service_id` text NOT NULL,
	`specialist_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	`booked_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rebook_nudges_after_unique` ON `rebook_nudges` (`after_booking_id`);--> statement-breakpoint
CREATE INDEX `rebook_nudges_user_idx` ON `rebook_nudges` (`user_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `waitlist_freed` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`passed_entry_id` text
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `series_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `source` text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_series_idx` ON `bookings` (`series_id`,`starts_at`) WHERE "bookings"."series_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `rebook_weeks` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `nudges_off_at` integer;--> statement-breakpoint
CREATE INDEX `waitlist_offers_open_idx` ON `waitlist_offers` (`expires_at`) WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
-- Times that may have come free for the waitlist (waitlist/freed.ts), written by triggers so every
-- path (procedures, scripts, the sqlite3 shell) hands them on: the day and, where one is known, the
-- time itself (null: the whole day; every day when hours, schedules or expertise change, noted
-- only while someone waits: those are saved by writing their rows anew).
CREATE TRIGGER `waitlist_freed_booking_cancelled` AFTER UPDATE OF `status` ON `bookings` WHEN old.status <> 'cancelled' AND new.status = 'cancelled' BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`) VALUES (old.booking_date, old.booking_date, old.starts_at, old.ends_at);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_booking_moved` AFTER UPDATE OF `starts_at`, `ends_at`, `specialist_id` ON `bookings` WHEN old.status <> 'cancelled' AND (old.starts_at <> new.starts_at OR old.ends_at <> new.ends_at OR old.specialist_id <> new.specialist_id) BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`) VALUES (old.booking_date, old.booking_date, old.starts_at, old.ends_at);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_booking_deleted` AFTER DELETE ON `bookings` WHEN old.status <> 'cancelled' BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`) VALUES (old.booking_date, old.booking_date, old.starts_at, old.ends_at);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_time_off_deleted` AFTER DELETE ON `time_off` BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`) VALUES (substr(old.starts_local, 1, 10), substr(old.ends_local, 1, 10), old.starts_at, old.ends_at);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_time_off_changed` AFTER UPDATE ON `time_off` BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`) VALUES (substr(old.starts_local, 1, 10), substr(old.ends_local, 1, 10), old.starts_at, old.ends_at);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_closure_deleted` AFTER DELETE ON `closures` BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES (old.day, old.day);
END;--> statement-breakpoint
-- An offer's hold ends unused (expired or withdrawn): written before its holds are dropped, so the
-- time they held is read here; it goes past the offer's entry to the next.
CREATE TRIGGER `waitlist_freed_offer_ended` AFTER UPDATE OF `status` ON `waitlist_offers` WHEN old.status = 'open' AND new.status IN ('expired', 'withdrawn') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`, `starts_at`, `ends_at`, `passed_entry_id`) VALUES (old.booking_date, old.booking_date, (SELECT min(`starts_at`) FROM `waitlist_holds` WHERE `offer_id` = old.id), (SELECT max(`ends_at`) FROM `waitlist_holds` WHERE `offer_id` = old.id), old.entry_id);
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_hours_added` AFTER INSERT ON `opening_hours` WHEN EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_hours_changed` AFTER UPDATE ON `opening_hours` WHEN old.ranges <> new.ranges AND EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_schedule_added` AFTER INSERT ON `specialist_schedules` WHEN EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_schedule_changed` AFTER UPDATE ON `specialist_schedules` WHEN old.ranges <> new.ranges AND EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_schedule_deleted` AFTER DELETE ON `specialist_schedules` WHEN EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_working_day_added` AFTER INSERT ON `specialist_days` WHEN EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;--> statement-breakpoint
CREATE TRIGGER `waitlist_freed_expertise_added` AFTER INSERT ON `specialist_services` WHEN EXISTS (SELECT 1 FROM `waitlist` WHERE `status` = 'waiting') BEGIN
  INSERT INTO `waitlist_freed` (`from_date`, `to_date`) VALUES ('0000-01-01', '9999-12-31');
END;
