// What the till adds to a period's report (README "Reports", "The till"): money taken by payment
// method, discounts given, tips per specialist, gift vouchers sold, redeemed and still outstanding
// (a liability), refunds. Takings are what was paid: a checked-out booking counts at its sale
// line's net price instead of its booked price, and lines added at the till count on the sale's
// day; the triggers of migration 0020 add that to the bookings' own per-day totals, and keep the
// till's figures per day, so a year reads a few thousand rows. Gift voucher sales are money
// taken, not takings (the voucher's spending is).
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

const statementsOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  return {
    // The period's figures by measure and key, from the per-day totals (migration 0020).
    totals: connection.prepare<Period, { measure: string; key: string; cents: number; count: number }>(`
      SELECT measure, key, sum(cents) AS cents, sum(count) AS count FROM till_totals
      WHERE day BETWEEN :from AND :to GROUP BY measure, key`),
    unassignedByDay: connection.prepare<Period, { day: string; cents: number }>(`
      SELECT day, cents FROM till_totals WHERE day BETWEEN :from AND :to AND measure = 'unassigned' AND key = ''`),
    names: connection.prepare<[], { id: string; name: string }>('SELECT id, name FROM specialists'),
    outstanding: connection.prepare<{ today: string }, { cents: number }>(`
      SELECT coalesce(sum(balance_cents), 0) AS cents FROM vouchers
      WHERE voided_at IS NULL AND expires_on >= :today`),
  };
});

type Totals = { measure: string; key: string; cents: number; count: number }[];

/** The period's totals, read once for the adjustments and the till's figures. */
export const tillTotals = (db: DbOrTx, period: Period): Totals => statementsOf(db).totals.all(period);

/**
 * What the till sold with no specialist (a product at the desk), in all and by day: the lines
 * with a specialist are in the bookings' totals already, as completed cents (migration 0020).
 */
export function unassignedTakings(db: DbOrTx, period: Period, totals: Totals) {
  return {
    whole: totals.find((row) => row.measure === 'unassigned')?.cents ?? 0,
    day: new Map(
      statementsOf(db)
        .unassignedByDay.all(period)
        .map((row) => [row.day, row.cents]),
    ),
  };
}

const isMethod = (key: string): key is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(key);
const byMethodOf = (rows: readonly { key: string; cents: number }[]) => {
  const sums = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as Record<PaymentMethod, number>;
  for (const row of rows) if (isMethod(row.key)) sums[row.key] += row.cents;
  return sums;
};
const inDollars = (sums: Record<PaymentMethod, number>) =>
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, fromCents(sums[method])])) as Record<
    PaymentMethod,
    number
  >;

type TillReport = Pick<SalonReport, 'takingsByMethod' | 'discounts' | 'tips' | 'vouchers' | 'refunds'>;

/** The till's figures of a period from its totals; the vouchers' outstanding balance is as of `today`. */
export function tillFigures(db: DbOrTx, totals: Totals, today: string): TillReport {
  const statements = statementsOf(db);
  const pick = (measure: string) => totals.filter((row) => row.measure === measure);
  const taken = byMethodOf(pick('paid'));
  const refundRows = pick('refund');
  const refunded = byMethodOf(refundRows);
  const [discounts = { cents: 0, count: 0 }] = pick('discount');
  const [sold = { cents: 0, count: 0 }] = pick('voucher-sold');
  const names = new Map(statements.names.all().map((row) => [row.id, row.name]));
  const tips = pick('tip')
    .map((row) => ({ specialist: { _id: row.key, name: names.get(row.key) ?? '' }, amount: fromCents(row.cents) }))
    .sort(
      (a, b) => a.specialist.name.localeCompare(b.specialist.name) || a.specialist._id.localeCompare(b.specialist._id),
    );
  // Money that came in or went out: a voucher spent or credited back moves no money.
  const sum = (sums: Record<PaymentMethod, number>) => sums.cash + sums.card + sums.other;
  return {
    takingsByMethod: { ...inDollars(taken), total: fromCents(sum(taken)) },
    discounts: { total: fromCents(discounts.cents), count: discounts.count },
    tips: { total: fromCents(pick('tip').reduce((total, row) => total + row.cents, 0)), bySpecialist: tips },
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
