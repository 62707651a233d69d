-- Counts of bookings by status and a trigram index for the back office's search, both kept by
-- triggers so no code path (procedures, scripts, the sqlite3 shell) can let them drift.
-- docs/decisions/0015-server-speed.md
INSERT INTO `booking_status_counts` (`status`, `count`)
  SELECT s.status, (SELECT count(*) FROM `bookings` b WHERE b.status = s.status)
  FROM (SELECT 'pending' AS status UNION ALL SELECT 'confirmed' UNION ALL SELECT 'cancelled' UNION ALL SELECT 'completed') s;
--> statement-breakpoint
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
-- One row per booking (rowid = the booking's rowid): the name as booked, the account's full name,
-- the service's name. Trigram: any substring of three characters or more is found through the index.
CREATE VIRTUAL TABLE `bookings_search` USING fts5(`booked_name`, `account_name`, `service_name`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `bookings_search` (`rowid`, `booked_name`, `account_name`, `service_name`)
  SELECT b.rowid, b.first_name || ' ' || b.last_name, u.full_name, b.service_name
  FROM `bookings` b JOIN `users` u ON u.id = b.user_id;
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
