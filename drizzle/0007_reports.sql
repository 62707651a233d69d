-- Issue 19: the price each booking was booked at, and per-day totals for the reports, kept by
-- triggers so no code path (procedures, scripts, the sqlite3 shell) can let them drift.
-- docs/decisions/0020-reports.md
CREATE TABLE `booking_totals_by_service` (
	`day` text NOT NULL,
	`service_id` text NOT NULL,
	`status` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	`minutes` integer NOT NULL,
	PRIMARY KEY(`day`, `service_id`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `booking_totals_by_specialist` (
	`day` text NOT NULL,
	`specialist_id` text NOT NULL,
	`status` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	`minutes` integer NOT NULL,
	PRIMARY KEY(`day`, `specialist_id`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `bookings_date_idx`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `price` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `discount_percentage` integer;--> statement-breakpoint
CREATE INDEX `bookings_date_idx` ON `bookings` (`booking_date`,`time_slot`,`status`,`user_id`);
--> statement-breakpoint
-- Bookings made before: the price they were booked at is the service's price kept with them
-- (`service_price`, the price when booked); no discount was recorded then.
UPDATE `bookings` SET `price` = `service_price`;
--> statement-breakpoint
INSERT INTO `booking_totals_by_service` (`day`, `service_id`, `status`, `bookings`, `cents`, `minutes`)
  SELECT `booking_date`, `service_id`, `status`, count(*), sum(CAST(round(`price` * 100) AS INTEGER)), sum(`duration_minutes`)
  FROM `bookings` GROUP BY `booking_date`, `service_id`, `status`;
--> statement-breakpoint
INSERT INTO `booking_totals_by_specialist` (`day`, `specialist_id`, `status`, `bookings`, `cents`, `minutes`)
  SELECT `booking_date`, `specialist_id`, `status`, count(*), sum(CAST(round(`price` * 100) AS INTEGER)), sum(`duration_minutes`)
  FROM `bookings` GROUP BY `booking_date`, `specialist_id`, `status`;
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
