// A day's cash-up (README "The till"): the cash counted in the drawer against what the till
// expected (the float, plus cash taken, less cash refunded that day); the difference is kept.
// The front desk counts; owners and managers read the history.
import { and, between, desc, eq, sum } from 'drizzle-orm';
import { fromCents, toCents } from '@/shared/money';
import type { CashUp, createCashUpSchema } from '@/shared/schemas/sales';
import type { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { cashUps, refunds, salePayments, sales } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { todayIn } from '@/server/domain/calendar';
import { expectedCashCents } from '@/server/domain/sales';
import { InvalidFields } from '@/server/errors';
import type { TillDeps } from './sales';

type CashUpRow = typeof cashUps.$inferSelect;

const toCashUp = (row: CashUpRow): CashUp => ({
  _id: row.id,
  date: row.day,
  float: fromCents(row.floatCents),
  expected: fromCents(row.expectedCents),
  counted: fromCents(row.countedCents),
  difference: fromCents(row.countedCents - row.expectedCents),
  note: row.note,
  by: row.byName,
  createdAt: row.createdAt.toISOString(),
});

/** Cash taken on a salon day (sales of that day) and cash given back that day, in cents. */
export function cashOfDay(db: DbOrTx, day: string): { inCents: number; outCents: number } {
  const taken = db
    .select({ cents: sum(salePayments.amountCents) })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .where(and(eq(sales.day, day), eq(salePayments.method, 'cash')))
    .get();
  const given = db
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .where(and(eq(refunds.day, day), eq(refunds.method, 'cash')))
    .get();
  return { inCents: Number(taken?.cents ?? 0), outCents: Number(given?.cents ?? 0) };
}

type CreateCashUp = z.output<typeof createCashUpSchema>;

/** Records a count of the drawer: what it held against what it should have held. */
export function createCashUp(deps: Pick<TillDeps, 'db' | 'config' | 'actor'>, input: CreateCashUp): CashUp {
  const { db, config, actor } = deps;
  if (input.date > todayIn(config.timezone)) {
    throw new InvalidFields([{ path: 'date', message: 'A day can be cashed up once it has begun' }]);
  }
  const floatCents = toCents(input.float ?? 0);
  const id = newId();
  db.transaction(
    (tx) => {
      const cash = cashOfDay(tx, input.date);
      tx.insert(cashUps)
        .values({
          id,
          day: input.date,
          floatCents,
          expectedCents: expectedCashCents(floatCents, cash.inCents, cash.outCents),
          countedCents: toCents(input.counted),
          note: input.note ?? null,
          byId: actor.id ?? '',
          byName: actor.name,
        })
        .run();
    },
    { behavior: 'immediate' },
  );
  const row = db.select().from(cashUps).where(eq(cashUps.id, id)).get();
  if (!row) throw new Error('The cash-up was not written');
  return toCashUp(row);
}

/** The cash-ups of the days `from` to `to`, newest first. */
export function listCashUps(db: DbOrTx, period: { from: string; to: string }): CashUp[] {
  return db
    .select()
    .from(cashUps)
    .where(between(cashUps.day, period.from, period.to))
    .orderBy(desc(cashUps.day), desc(cashUps.createdAt))
    .all()
    .map(toCashUp);
}
