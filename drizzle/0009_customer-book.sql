-- Issue 21: the booking status `no-show`, the customer book's notes and index, account deletion.
-- SQLite cannot change a CHECK constraint in place, so `bookings` and `booking_status_counts` are
-- rebuilt. The triggers that keep the counts, the search index and the report totals are dropped
-- first and made again after (their text as in migrations 0003, 0004 and 0007), and every booking
-- keeps its rowid, which its row in the search index `bookings_search` is keyed by.
DROP TRIGGER `bookings_count_insert`;--> statement-breakpoint
DROP TRIGGER `bookings_count_delete`;--> statement-breakpoint
DROP TRIGGER `bookings_count_status`;--> statement-breakpoint
DROP TRIGGER `bookings_search_insert`;--> statement-breakpoint
DROP TRIGGER `bookings_search_delete`;--> statement-breakpoint
DROP TRIGGER `bookings_search_update`;--> statement-breakpoint
DROP TRIGGER `users_search_rename`;--> statement-breakpoint
DROP TRIGGER `bookings_totals_insert`;--> statement-breakpoint
DROP TRIGGER `bookings_totals_delete`;--> statement-breakpoint
DROP TRIGGER `bookings_totals_update`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_booking_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_status_counts_status_valid" CHECK("__new_booking_status_counts"."status" IN ('pending', 'confirmed', 'cancelled', 'completed', 'no-show'))
);
--> statement-breakpoint
INSERT INTO `__new_booking_status_counts`("status", "count") SELECT "status", "count" FROM `booking_status_counts`;--> statement-breakpoint
DROP TABLE `booking_status_counts`;--> statement-breakpoint
ALTER TABLE `__new_booking_status_counts` RENAME TO `booking_status_counts`;--> statement-breakpoint
INSERT INTO `booking_status_counts` (`status`, `count`) VALUES ('no-show', 0);--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
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
	`price` real DEFAULT 0 NOT NULL,
	`discount_percentage` integer,
	`duration_minutes` integer NOT NULL,
	`specialist_name` text NOT NULL,
	`booking_date` text NOT NULL,
	`time_slot` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`specialist_id`) REFERENCES `specialists`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bookings_status_valid" CHECK("__new_bookings"."status" IN ('pending', 'confirmed', 'cancelled', 'completed', 'no-show')),
	CONSTRAINT "bookings_time_order" CHECK("__new_bookings"."ends_at" > "__new_bookings"."starts_at")
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("rowid", "id", "user_id", "service_id", "specialist_id", "first_name", "last_name", "email", "phone", "service_name", "service_price", "price", "discount_percentage", "duration_minutes", "specialist_name", "booking_date", "time_slot", "starts_at", "ends_at", "status", "sequence", "created_at", "updated_at") SELECT "rowid", "id", "user_id", "service_id", "specialist_id", "first_name", "last_name", "email", "phone", "service_name", "service_price", "price", "discount_percentage", "duration_minutes", "specialist_name", "booking_date", "time_slot", "starts_at", "ends_at", "status", "sequence", "created_at", "updated_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_specialist_start_live_unique` ON `bookings` (`specialist_id`,`starts_at`) WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `bookings_specialist_day_idx` ON `bookings` (`specialist_id`,`booking_date`);--> statement-breakpoint
CREATE INDEX `bookings_date_idx` ON `bookings` (`booking_date`,`time_slot`,`status`,`user_id`);--> statement-breakpoint
CREATE INDEX `bookings_status_created_idx` ON `bookings` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `forget_recipient` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` (lower("full_name"),`id`);--> statement-breakpoint
CREATE TRIGGER `bookings_count_insert` AFTER INSERT ON `bookings` BEGIN
  UPDATE `booking_status_counts` SET `count` = `count` + 1 WHERE `status` = new.status;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_count_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `booking_status_counts` SET `count` = `count` - 1 WHERE `status` = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_count_status` AFTER UPDATE OF `status` ON `bookings` WHEN old.status <> new.status BEGIN
  UPDATE `booking_status_counts` SET `count` = `count` - 1 WHERE `status` = old.status;
  UPDATE `booking_status_counts` SET `count` = `count` + 1 WHERE `status` = new.status;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `bookings_search` (`rowid`, `booked_name`, `account_name`, `service_name`)
  VALUES (new.rowid, new.first_name || ' ' || new.last_name, (SELECT `full_name` FROM `users` WHERE `id` = new.user_id), new.service_name);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` BEGIN
  DELETE FROM `bookings_search` WHERE `rowid` = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_update` AFTER UPDATE OF `first_name`, `last_name`, `service_name`, `user_id` ON `bookings` BEGIN
  UPDATE `bookings_search`
    SET `booked_name` = new.first_name || ' ' || new.last_name,
        `account_name` = (SELECT `full_name` FROM `users` WHERE `id` = new.user_id),
        `service_name` = new.service_name
    WHERE `rowid` = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_rename` AFTER UPDATE OF `full_name` ON `users` WHEN old.full_name <> new.full_name BEGIN
  UPDATE `bookings_search` SET `account_name` = new.full_name
    WHERE `rowid` IN (SELECT `rowid` FROM `bookings` WHERE `user_id` = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_totals_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `booking_totals_by_service` (`day`, `service_id`, `status`, `bookings`, `cents`, `minutes`)
    VALUES (new.booking_date, new.service_id, new.status, 1, CAST(round(new.price * 100) AS INTEGER), new.duration_minutes)
    ON CONFLICT (`day`, `service_id`, `status`) DO UPDATE SET
      `bookings` = `bookings` + 1, `cents` = `cents` + excluded.cents, `minutes` = `minutes` + excluded.minutes;
  INSERT INTO `booking_totals_by_specialist` (`day`, `specialist_id`, `status`, `bookings`, `cents`, `minutes`)
    VALUES (new.booking_date, new.specialist_id, new.status, 1, CAST(round(new.price * 100) AS INTEGER), new.duration_minutes)
    ON CONFLICT (`day`, `specialist_id`, `status`) DO UPDATE SET
      `bookings` = `bookings` + 1, `cents` = `cents` + excluded.cents, `minutes` = `minutes` + excluded.minutes;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_totals_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `booking_totals_by_service`
    SET `bookings` = `bookings` - 1, `cents` = `cents` - CAST(round(old.price * 100) AS INTEGER), `minutes` = `minutes` - old.duration_minutes
    WHERE `day` = old.booking_date AND `service_id` = old.service_id AND `status` = old.status;
  UPDATE `booking_totals_by_specialist`
    SET `bookings` = `bookings` - 1, `cents` = `cents` - CAST(round(old.price * 100) AS INTEGER), `minutes` = `minutes` - old.duration_minutes
    WHERE `day` = old.booking_date AND `specialist_id` = old.specialist_id AND `status` = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_totals_update` AFTER UPDATE OF `status`, `booking_date`, `service_id`, `specialist_id`, `price`, `duration_minutes` ON `bookings` BEGIN
  UPDATE `booking_totals_by_service`
    SET `bookings` = `bookings` - 1, `cents` = `cents` - CAST(round(old.price * 100) AS INTEGER), `minutes` = `minutes` - old.duration_minutes
    WHERE `day` = old.booking_date AND `service_id` = old.service_id AND `status` = old.status;
  UPDATE `booking_totals_by_specialist`
    SET `bookings` = `bookings` - 1, `cents` = `cents` - CAST(round(old.price * 100) AS INTEGER), `minutes` = `minutes` - old.duration_minutes
    WHERE `day` = old.booking_date AND `specialist_id` = old.specialist_id AND `status` = old.status;
  INSERT INTO `booking_totals_by_service` (`day`, `service_id`, `status`, `bookings`, `cents`, `minutes`)
    VALUES (new.booking_date, new.service_id, new.status, 1, CAST(round(new.price * 100) AS INTEGER), new.duration_minutes)
    ON CONFLICT (`day`, `service_id`, `status`) DO UPDATE SET
      `bookings` = `bookings` + 1, `cents` = `cents` + excluded.cents, `minutes` = `minutes` + excluded.minutes;
  INSERT INTO `booking_totals_by_specialist` (`day`, `specialist_id`, `status`, `bookings`, `cents`, `minutes`)
    VALUES (new.booking_date, new.specialist_id, new.status, 1, CAST(round(new.price * 100) AS INTEGER), new.duration_minutes)
    ON CONFLICT (`day`, `specialist_id`, `status`) DO UPDATE SET
      `bookings` = `bookings` + 1, `cents` = `cents` + excluded.cents, `minutes` = `minutes` + excluded.minutes;
END;
--> statement-breakpoint
-- A deleted account's name must not linger in the search index's pages after its rows change
-- (FTS5 keeps old terms until segments merge unless told to remove them at once).
INSERT INTO `bookings_search` (`bookings_search`, `rank`) VALUES ('secure-delete', 1);
