// Refunds (README "The till"): part or all of a sale back, by one method, with a reason, by an
// owner or a manager. Never more than was paid by that method (domain/sales.ts); a refund to a
// voucher puts it back on the voucher the sale was paid with, and refunding a voucher's own sale
// takes it off that voucher. One IMMEDIATE transaction: two refunds at once never pass the sum.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@/shared/constants';
import { formatCents, toCents } from '@/shared/money';
import type { Sale } from '@/shared/schemas/sales';
import type { refundInputSchema } from '@/shared/schemas/sales';
import type { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { refunds, salePayments, sales, vouchers } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { earlierWrite, rememberWrite } from '@/server/db/idempotent';
import { calendarDay } from '@/server/domain/calendar';
import { refundRefusal } from '@/server/domain/sales';
import { InvalidFields } from '@/server/errors';
import { getSale, saleNotFound, type TillDeps } from './sales';
import { creditVoucher } from './vouchers';

type RefundInput = z.output<typeof refundInputSchema>;

const sumsByMethod = (rows: readonly { method: PaymentMethod; amountCents: number }[]) => {
  const sums = new Map<PaymentMethod, number>();
  for (const row of rows) sums.set(row.method, (sums.get(row.method) ?? 0) + row.amountCents);
  return sums;
};

/**
 * The voucher a refund of `cents` to vouchers goes back on: the first paid with that has room for
 * it and can still be spent (a void or expired voucher would swallow the money).
 */
function voucherToCredit(tx: DbOrTx, saleId: string, cents: number, today: string): string {
  const paid = tx
    .select({ voucherId: salePayments.voucherId, amountCents: salePayments.amountCents })
    .from(salePayments)
    .where(and(eq(salePayments.saleId, saleId), eq(salePayments.method, 'voucher')))
    .orderBy(asc(salePayments.position))
    .all();
  const credited = tx
    .select({ voucherId: refunds.voucherId, amountCents: refunds.amountCents })
    .from(refunds)
    .where(and(eq(refunds.saleId, saleId), eq(refunds.method, 'voucher')))
    .all();
  let most = 0;
  let unusable: string | null = null;
  for (const voucherId of new Set(paid.map((line) => line.voucherId))) {
    if (voucherId === null) continue;
    const sum = (list: typeof paid) =>
      list.filter((line) => line.voucherId === voucherId).reduce((total, line) => total + line.amountCents, 0);
    const room = sum(paid) - sum(credited);
    const voucher = tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).get();
    if (voucher && (voucher.voidedAt !== null || voucher.expiresOn < today)) {
      unusable = voucher.voidedAt === null ? 'expired' : 'void';
      continue;
    }
    if (room >= cents) return voucherId;
    most = Math.max(most, room);
  }
  if (unusable !== null && most === 0) {
    throw new InvalidFields([
      { path: 'method', message: `The voucher it was paid with is ${unusable}; refund by cash, card or other.` },
    ]);
  }
  throw new InvalidFields([
    { path: 'amount', message: `A refund goes back on one voucher at a time: at most ${formatCents(most)} here.` },
  ]);
}

/** Gives back part or all of a sale by one method; the sale as it stands after. */
export function refundSale(deps: TillDeps, input: RefundInput): Sale {
  const { db, config, actor } = deps;
  const cents = toCents(input.amount);
  db.transaction(
    (tx) => {
      const sale = tx.select({ id: sales.id, kind: sales.kind }).from(sales).where(eq(sales.id, input.id)).get();
      if (!sale) throw saleNotFound();
      // The same refund sent again with its key: given once.
      if (earlierWrite(tx, 'refund', actor, input) !== undefined) return;
      const paid = sumsByMethod(
        tx
          .select({ method: salePayments.method, amountCents: salePayments.amountCents })
          .from(salePayments)
          .where(eq(salePayments.saleId, sale.id))
          .all(),
      );
      const refunded = sumsByMethod(
        tx
          .select({ method: refunds.method, amountCents: refunds.amountCents })
          .from(refunds)
          .where(eq(refunds.saleId, sale.id))
          .all(),
      );
      const refusal = refundRefusal(paid, refunded, input.method, cents);
      if (refusal) throw new InvalidFields([refusal]);
      const today = calendarDay(new Date(), config.timezone);
      const credited = input.method === 'voucher' ? voucherToCredit(tx, sale.id, cents, today) : null;
      if (credited !== null) creditVoucher(tx, credited, cents);
      // Money back for a voucher itself comes off the voucher; its history says so.
      const returned = sale.kind === 'voucher' ? takeOffSoldVoucher(tx, sale.id, cents) : null;
      const id = newId();
      tx.insert(refunds)
        .values({
          id,
          saleId: sale.id,
          day: today,
          method: input.method,
          amountCents: cents,
          voucherId: credited ?? returned,
          reason: input.reason,
          byId: actor.id ?? '',
          byName: actor.name,
        })
        .run();
      rememberWrite(tx, 'refund', actor, input, id);
    },
    { behavior: 'immediate' },
  );
  return getSale(db, input.id);
}

/** Takes money given back for a voucher off what is left on it (what was spent cannot be returned); the voucher's id. */
function takeOffSoldVoucher(tx: DbOrTx, saleId: string, cents: number): string | null {
  const voucher = tx.select().from(vouchers).where(eq(vouchers.saleId, saleId)).get();
  if (!voucher) return null;
  const taken = tx
    .update(vouchers)
    .set({ balanceCents: sql`${vouchers.balanceCents} - ${cents}` })
    .where(and(eq(vouchers.id, voucher.id), sql`${vouchers.balanceCents} >= ${cents}`))
    .run();
  if (taken.changes !== 1) {
    throw new InvalidFields([
      {
        path: 'amount',
        message: `Only ${formatCents(voucher.balanceCents)} is left on this voucher to refund; the rest was spent.`,
      },
    ]);
  }
  return voucher.id;
}
