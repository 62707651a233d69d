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
-- (migration 0007). A sale, its lines, payments, tips, refunds and vouchers are only ever inserted,
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
CREATE TRIGGER `sale_items_till_totals` AFTER INSERT ON `sale_items`
  WHEN (SELECT s.kind FROM `sales` s WHERE s.id = new.sale_id) <> 'voucher' BEGIN
  INSERT INTO `till_totals` (`day`, `measure`, `key`, `cents`, `count`)
    SELECT new.day, m.measure, m.key,
      new.net_cents - coalesce((SELECT CAST(round(b.price * 100) AS INTEGER) FROM `bookings` b WHERE b.id = new.booking_id), 0), 1
    FROM (SELECT 'takings' AS measure, '' AS key
          UNION ALL SELECT 'service', new.service_id WHERE new.service_id IS NOT NULL
          UNION ALL SELECT 'specialist', new.specialist_id WHERE new.specialist_id IS NOT NULL) m
    WHERE true
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
    UNION ALL SELECT i.day, m.measure, CASE m.measure WHEN 'service' THEN i.service_id WHEN 'specialist' THEN i.specialist_id ELSE '' END,
        i.net_cents - coalesce(CAST(round(b.price * 100) AS INTEGER), 0)
      FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id AND s.kind <> 'voucher' LEFT JOIN `bookings` b ON b.id = i.booking_id
      CROSS JOIN (SELECT 'takings' AS measure UNION ALL SELECT 'service' UNION ALL SELECT 'specialist') m
      WHERE (m.measure = 'takings') OR (m.measure = 'service' AND i.service_id IS NOT NULL) OR (m.measure = 'specialist' AND i.specialist_id IS NOT NULL)
  ) GROUP BY day, measure, key;
