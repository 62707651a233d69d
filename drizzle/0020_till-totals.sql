CREATE TABLE `till_totals` (
	`day` text NOT NULL,
	`measure` text NOT NULL,
	`key` text DEFAULT '' NOT NULL,
	`cents` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `measure`, `key`)
);
--> statement-breakpoint
-- The till's totals per day (README "The till", decision 0050), kept by triggers like the bookings'
-- (migration 0007), which also carry its lines' takings. A sale, its lines, payments, tips, refunds and vouchers are only ever inserted,
-- so each trigger adds; a line's takings adjustment is its net price less its booking's booked
-- price (a paid booking stays completed: bookings/commands.ts refuses to change or delete it).
CREATE TRIGGER `sales_till_totals` AFTER INSERT ON `sales` WHEN new.discount_cents > 0 BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`) VALUES (new.day, 'discount', '', new.discount_cents, 1)
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sale_payments_till_totals` AFTER INSERT ON `sale_payments` BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
    SELECT s.day, 'paid', new.method, new.amount_cents, 1 FROM `sales` s WHERE s.id = new.sale_id
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sale_tips_till_totals` AFTER INSERT ON `sale_tips` BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
    SELECT s.day, 'tip', new.specialist_id, new.amount_cents, 1 FROM `sales` s WHERE s.id = new.sale_id
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `refunds_till_totals` AFTER INSERT ON `refunds` BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`) VALUES (new.day, 'refund', new.method, new.amount_cents, 1)
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `vouchers_till_totals` AFTER INSERT ON `vouchers` BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
    SELECT s.day, 'voucher-sold', '', new.value_cents, 1 FROM `sales` s WHERE s.id = new.sale_id
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
-- A sale line's takings: its net price less the booked price its booking counts at already, added
-- to the bookings' own totals as `completed` cents (no booking, no minutes), so the report reads
-- one set of totals; a line with no specialist (a product) is kept apart, for the day's total.
CREATE TRIGGER `sale_items_till_totals` AFTER INSERT ON `sale_items`
  WHEN (SELECT s.kind FROM `sales` s WHERE s.id = new.sale_id) <> 'voucher' BEGIN
  INSERT INTO `booking_totals_by_service` (`day`, `service_id`, `status`, `bookings`, `cents`, `minutes`)
    SELECT new.day, new.service_id, 'completed', 0, new.net_cents - coalesce((SELECT CAST(round(b.price * 100) AS INTEGER) FROM `bookings` b WHERE b.id = new.booking_id), 0), 0 WHERE new.service_id IS NOT NULL
    ON CONFLICT (`day`, `service_id`, `status`) DO UPDATE SET `cents` = `cents` + excluded.cents;
  INSERT INTO `booking_totals_by_specialist` (`day`, `specialist_id`, `status`, `bookings`, `cents`, `minutes`)
    SELECT new.day, new.specialist_id, 'completed', 0, new.net_cents - coalesce((SELECT CAST(round(b.price * 100) AS INTEGER) FROM `bookings` b WHERE b.id = new.booking_id), 0), 0 WHERE new.specialist_id IS NOT NULL
    ON CONFLICT (`day`, `specialist_id`, `status`) DO UPDATE SET `cents` = `cents` + excluded.cents;
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
    SELECT new.day, 'unassigned', '', new.net_cents - coalesce((SELECT CAST(round(b.price * 100) AS INTEGER) FROM `bookings` b WHERE b.id = new.booking_id), 0), 1 WHERE new.specialist_id IS NULL
    ON CONFLICT (`day`, `measure`, `key`) DO UPDATE SET `cents` = `cents` + excluded.cents, `count` = `count` + 1;
END;
--> statement-breakpoint
-- What the till recorded before these totals were kept.
INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
  SELECT day, measure, key, sum(cents), count(*) FROM (
    SELECT s.day AS day, 'discount' AS measure, '' AS key, s.discount_cents AS cents FROM `sales` s WHERE s.discount_cents > 0
    UNION ALL SELECT s.day, 'paid', p.method, p.amount_cents FROM `sale_payments` p JOIN `sales` s ON s.id = p.sale_id
    UNION ALL SELECT s.day, 'tip', t.specialist_id, t.amount_cents FROM `sale_tips` t JOIN `sales` s ON s.id = t.sale_id
    UNION ALL SELECT r.day, 'refund', r.method, r.amount_cents FROM `refunds` r
    UNION ALL SELECT s.day, 'voucher-sold', '', v.value_cents FROM `vouchers` v JOIN `sales` s ON s.id = v.sale_id
    UNION ALL SELECT i.day, 'unassigned', '', i.net_cents - coalesce(CAST(round(b.price * 100) AS INTEGER), 0)
      FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id AND s.kind <> 'voucher' LEFT JOIN `bookings` b ON b.id = i.booking_id
      WHERE i.specialist_id IS NULL
  ) GROUP BY day, measure, key;
--> statement-breakpoint
INSERT INTO `booking_totals_by_service` (`day`, `service_id`, `status`, `bookings`, `cents`, `minutes`)
  SELECT i.day, i.service_id, 'completed', 0, sum(i.net_cents - coalesce(CAST(round(b.price * 100) AS INTEGER), 0)), 0
  FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id AND s.kind <> 'voucher' LEFT JOIN `bookings` b ON b.id = i.booking_id
  WHERE i.service_id IS NOT NULL GROUP BY i.day, i.service_id
  ON CONFLICT (`day`, `service_id`, `status`) DO UPDATE SET `cents` = `cents` + excluded.cents;
--> statement-breakpoint
INSERT INTO `booking_totals_by_specialist` (`day`, `specialist_id`, `status`, `bookings`, `cents`, `minutes`)
  SELECT i.day, i.specialist_id, 'completed', 0, sum(i.net_cents - coalesce(CAST(round(b.price * 100) AS INTEGER), 0)), 0
  FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id AND s.kind <> 'voucher' LEFT JOIN `bookings` b ON b.id = i.booking_id
  WHERE i.specialist_id IS NOT NULL GROUP BY i.day, i.specialist_id
  ON CONFLICT (`day`, `specialist_id`, `status`) DO UPDATE SET `cents` = `cents` + excluded.cents;
