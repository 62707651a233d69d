// What the till adds to a period's report (README "Reports", "The till"): money taken by payment
// method, discounts given, tips per specialist, gift vouchers sold, redeemed and still outstanding
// (a liability), refunds; and the adjustments that make takings what was paid: a checked-out
// booking counts at its sale line's net price instead of its booked price, and lines added at the
// till count on the sale's day. Read from the sales of the period's days by index; gift voucher
// sales are money taken, not takings (the voucher's spending is).
import type { PaymentMethod } from '@/shared/constants';
import { PAYMENT_METHODS } from '@/shared/constants';
import { fromCents } from '@/shared/money';
import type { SalonReport } from '@/shared/schemas/reports';
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';

interface Period {
  from: string;
  to: string;
}

export interface PaidAdjustment {
  serviceId: string | null;
  specialistId: string | null;
  day: string;
  cents: number;
}

const statementsOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  return {
    // Each sale line of the period less the booked price its booking counts at already (when that
    // booking is completed, the status whose price the report takes as takings).
    adjustments: connection.prepare<Period, PaidAdjustment>(`
      SELECT coalesce(b.service_id, i.service_id) AS serviceId, coalesce(b.specialist_id, i.specialist_id) AS specialistId,
        i.day AS day,
        sum(i.net_cents - CASE WHEN b.status = 'completed' THEN CAST(round(b.price * 100) AS INTEGER) ELSE 0 END) AS cents
      FROM sale_items i JOIN sales s ON s.id = i.sale_id LEFT JOIN bookings b ON b.id = i.booking_id
      WHERE i.day BETWEEN :from AND :to AND s.kind <> 'voucher'
      GROUP BY 1, 2, 3`),
    byMethod: connection.prepare<Period, { method: PaymentMethod; cents: number }>(`
      SELECT p.method AS method, sum(p.amount_cents) AS cents
      FROM sales s JOIN sale_payments p ON p.sale_id = s.id
      WHERE s.day BETWEEN :from AND :to GROUP BY p.method`),
    discounts: connection.prepare<Period, { cents: number; count: number }>(`
      SELECT coalesce(sum(discount_cents), 0) AS cents, count(*) AS count
      FROM sales WHERE day BETWEEN :from AND :to AND discount_cents > 0`),
    tips: connection.prepare<Period, { id: string; name: string; cents: number }>(`
      SELECT t.specialist_id AS id, max(t.specialist_name) AS name, sum(t.amount_cents) AS cents
      FROM sales s JOIN sale_tips t ON t.sale_id = s.id
      WHERE s.day BETWEEN :from AND :to GROUP BY t.specialist_id ORDER BY name, id`),
    vouchersSold: connection.prepare<Period, { cents: number; count: number }>(`
      SELECT coalesce(sum(v.value_cents), 0) AS cents, count(*) AS count
      FROM sales s JOIN vouchers v ON v.sale_id = s.id
      WHERE s.day BETWEEN :from AND :to AND s.kind = 'voucher'`),
    outstanding: connection.prepare<{ today: string }, { cents: number }>(`
      SELECT coalesce(sum(balance_cents), 0) AS cents FROM vouchers
      WHERE voided_at IS NULL AND expires_on >= :today`),
    refunds: connection.prepare<Period, { method: PaymentMethod; cents: number; count: number }>(`
      SELECT method, sum(amount_cents) AS cents, count(*) AS count
      FROM refunds WHERE day BETWEEN :from AND :to GROUP BY method`),
  };
});

/** The adjustments of the period's takings to what was paid, by service, specialist and day. */
export const paidAdjustments = (db: DbOrTx, period: Period): PaidAdjustment[] =>
  statementsOf(db).adjustments.all(period);

const byMethodOf = (rows: readonly { method: PaymentMethod; cents: number }[]) => {
  const sums = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as Record<PaymentMethod, number>;
  for (const row of rows) sums[row.method] += row.cents;
  return sums;
};
const inDollars = (sums: Record<PaymentMethod, number>) =>
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, fromCents(sums[method])])) as Record<
    PaymentMethod,
    number
  >;

type TillReport = Pick<SalonReport, 'takingsByMethod' | 'discounts' | 'tips' | 'vouchers' | 'refunds'>;

/** The till's figures of a period; the vouchers' outstanding balance is as of `today`. */
export function tillFigures(db: DbOrTx, period: Period, today: string): TillReport {
  const statements = statementsOf(db);
  const taken = byMethodOf(statements.byMethod.all(period));
  const refundRows = statements.refunds.all(period);
  const refunded = byMethodOf(refundRows);
  const discounts = statements.discounts.get(period) ?? { cents: 0, count: 0 };
  const tips = statements.tips.all(period);
  const sold = statements.vouchersSold.get(period) ?? { cents: 0, count: 0 };
  const sum = (sums: Record<PaymentMethod, number>) =>
    PAYMENT_METHODS.reduce((total, method) => total + sums[method], 0);
  return {
    takingsByMethod: { ...inDollars(taken), total: fromCents(sum(taken)) },
    discounts: { total: fromCents(discounts.cents), count: discounts.count },
    tips: {
      total: fromCents(tips.reduce((total, row) => total + row.cents, 0)),
      bySpecialist: tips.map((row) => ({ specialist: { _id: row.id, name: row.name }, amount: fromCents(row.cents) })),
    },
    vouchers: {
      sold: fromCents(sold.cents),
      soldCount: sold.count,
      redeemed: fromCents(taken.voucher),
      outstanding: fromCents(statements.outstanding.get({ today })?.cents ?? 0),
    },
    refunds: {
      total: fromCents(sum(refunded)),
      count: refundRows.reduce((total, row) => total + row.count, 0),
      byMethod: inDollars(refunded),
    },
  };
}
