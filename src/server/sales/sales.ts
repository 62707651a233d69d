// The till's sales (README "The till"): a visit's checkout (it starts from the visit's items at
// their booked prices, closes the visit as completed) or a walk-in sale, with price changes,
// added items, a discount, tips for the sale's specialists and payments in several lines, gift
// vouchers among them. One IMMEDIATE transaction per sale: a voucher's balance and a visit's one
// sale are never raced past (the unique index on `sales.visit_id` and the balance's CHECK are the
// backstops). Money in whole cents (domain/sales.ts). Recorded, not processed (decision 0050).
import { and, asc, between, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { PaymentMethod, SaleKind } from '@/shared/constants';
import { FORMER_CUSTOMER_NAME, SALES_LIST_MAX } from '@/shared/constants';
import { fromCents, toCents } from '@/shared/money';
import type { createSaleSchema, Sale } from '@/shared/schemas/sales';
import { PRICE_CHANGE_NEEDS_REASON } from '@/shared/schemas/sales';
import type { z } from 'zod';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import {
  bookings,
  refunds,
  saleItems,
  salePayments,
  sales,
  saleTips,
  services,
  specialists,
  vouchers,
} from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { earlierWrite, rememberWrite } from '@/server/db/idempotent';
import { calendarDay } from '@/server/domain/calendar';
import { paymentsRefusal, saleFigures, type SaleFigures } from '@/server/domain/sales';
import { Conflict, InvalidFields, NotFound } from '@/server/errors';
import type { Config } from '@/server/env';
import type { Outbox } from '@/server/outbox/enqueue';
import type { Actor } from '@/server/team/actor';
import { itemsOf, setStatus } from '@/server/bookings/commands';
import { visitNotFound, type VisitItemRow } from '@/server/bookings/records';
import { spendVoucher, voucherWithCode, VOUCHER_NOT_FOUND } from './vouchers';

/** What the till's writes need: the database, the salon's settings, the outbox, and who is at the till. */
export interface TillDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'slotStepMinutes' | 'publicUrl' | 'reminderHours' | 'reviewRequestHours'>;
  outbox: Outbox;
  actor: Actor;
}

export const SALE_NOT_FOUND = 'Sale not found';
export const saleNotFound = () => new NotFound(SALE_NOT_FOUND);

/** One line of a sale as stored (before its share of the discount). */
export interface SaleLine {
  /** The day its takings count on: its booking's, or the sale's for a line added at the till. */
  day: string;
  bookingId: string | null;
  serviceId: string | null;
  serviceName: string | null;
  specialistId: string | null;
  specialistName: string | null;
  description: string;
  bookedCents: number | null;
  priceCents: number;
  reason: string | null;
}

export interface NewSale {
  kind: SaleKind;
  day: string;
  visitId: string | null;
  userId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  figures: SaleFigures;
  discount: { percent: number | null; reason: string | null } | undefined;
  items: readonly SaleLine[];
  payments: readonly { method: PaymentMethod; amountCents: number; voucherId: string | null }[];
  tips: readonly { specialistId: string; specialistName: string; amountCents: number }[];
}

/** Writes a sale with its lines under the next receipt number (inside an IMMEDIATE transaction); its id. */
export function insertSale(tx: DbOrTx, deps: Pick<TillDeps, 'actor'>, sale: NewSale): string {
  const id = newId();
  const last =
    tx
      .select({ number: max(sales.number) })
      .from(sales)
      .get()?.number ?? 0;
  const { figures } = sale;
  tx.insert(sales)
    .values({
      id,
      number: last + 1,
      kind: sale.kind,
      visitId: sale.visitId,
      userId: sale.userId,
      customerName: sale.customerName,
      customerEmail: sale.customerEmail,
      day: sale.day,
      subtotalCents: figures.subtotalCents,
      discountCents: figures.discountCents,
      discountPercent: sale.discount?.percent ?? null,
      discountReason: sale.discount?.reason ?? null,
      totalCents: figures.totalCents,
      tipsCents: figures.tipsCents,
      takenById: deps.actor.id ?? '',
      takenByName: deps.actor.name,
    })
    .run();
  sale.items.forEach((item, position) => {
    tx.insert(saleItems)
      .values({ id: newId(), saleId: id, position, ...item, netCents: figures.netCents[position] ?? item.priceCents })
      .run();
  });
  sale.payments.forEach((payment, position) => {
    tx.insert(salePayments)
      .values({ id: newId(), saleId: id, position, ...payment })
      .run();
  });
  for (const tip of sale.tips)
    tx.insert(saleTips)
      .values({ id: newId(), saleId: id, ...tip })
      .run();
  return id;
}

type CreateSale = z.output<typeof createSaleSchema>;

const fieldError = (path: string, message: string): InvalidFields => new InvalidFields([{ path, message }]);

/** The visit's lines at their booked prices, its customer, and its canonical id; refused when nothing is left to charge. */
function visitToCheckOut(tx: DbOrTx, visitId: string) {
  const items = itemsOf(tx, visitId, visitNotFound);
  // What was done or is still to do; a no-show's fee is a sale of its own (Till → New sale).
  const charged = items.filter((item) => item.status !== 'cancelled' && item.status !== 'no-show');
  if (charged.length === 0) {
    throw new Conflict('This visit is cancelled or a no-show; there is nothing to check out.');
  }
  const [first] = items;
  if (!first) throw visitNotFound();
  const id = first.visitId ?? first.id;
  const paid = tx.select({ number: sales.number }).from(sales).where(eq(sales.visitId, id)).get();
  if (paid) throw new Conflict(`This visit is paid already (receipt ${String(paid.number)}).`);
  const customer = tx
    .select({
      userId: bookings.userId,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      email: bookings.email,
    })
    .from(bookings)
    .where(eq(bookings.id, first.id))
    .get();
  return { id, items, charged, customer };
}

/** Looks up what an added line names: its service (and specialist), by id. */
function addedLine(tx: DbOrTx, item: CreateSale['items'][number], index: number, day: string): SaleLine {
  const service =
    item.service === undefined
      ? undefined
      : tx
          .select({ id: services.id, name: services.name })
          .from(services)
          .where(and(eq(services.id, item.service), isNull(services.deletedAt)))
          .get();
  if (item.service !== undefined && !service) throw fieldError(`items.${String(index)}.service`, 'Service not found');
  const specialist =
    item.specialist === undefined
      ? undefined
      : tx
          .select({ id: specialists.id, name: specialists.name })
          .from(specialists)
          .where(and(eq(specialists.id, item.specialist), isNull(specialists.deletedAt)))
          .get();
  if (item.specialist !== undefined && !specialist) {
    throw fieldError(`items.${String(index)}.specialist`, 'Specialist not found');
  }
  return {
    day,
    bookingId: null,
    serviceId: service?.id ?? null,
    serviceName: service?.name ?? null,
    specialistId: specialist?.id ?? null,
    specialistName: specialist?.name ?? null,
    description: item.description ?? service?.name ?? '',
    bookedCents: null,
    priceCents: toCents(item.price),
    reason: item.reason ?? null,
  };
}

/**
 * Takes a sale: a visit's checkout or a walk-in sale, paid in full (the payments cover the total
 * plus the tips). A checkout closes the visit as completed.
 */
export function createSale(deps: TillDeps, input: CreateSale): Sale {
  const { db, config } = deps;
  const day = calendarDay(new Date(), config.timezone);
  let id: string;
  try {
    id = db.transaction(
      (tx) => {
        // The same sale sent again with its key: the first one answers.
        const earlier = earlierWrite(tx, 'sale', deps.actor, input);
        if (earlier !== undefined) return earlier;
        const visit = input.visitId === undefined ? undefined : visitToCheckOut(tx, input.visitId);
        const lines: SaleLine[] = (visit?.charged ?? []).map((item) => ({
          day: item.bookingDate,
          bookingId: item.id,
          serviceId: item.serviceId,
          serviceName: item.serviceName,
          specialistId: item.specialistId,
          specialistName: item.specialistName,
          description: item.serviceName,
          bookedCents: toCents(item.price),
          priceCents: toCents(item.price),
          reason: null,
        }));
        const changed = new Set<string>();
        input.items.forEach((item, index) => {
          if (item.booking === undefined) {
            lines.push(addedLine(tx, item, index, day));
            return;
          }
          const line = lines.find((candidate) => candidate.bookingId === item.booking);
          if (!visit || !line || changed.has(item.booking)) {
            throw fieldError(`items.${String(index)}.booking`, 'This item is not one of the visit’s');
          }
          changed.add(item.booking);
          line.priceCents = toCents(item.price);
          line.reason = item.reason ?? null;
          if (line.priceCents !== line.bookedCents && line.reason === null) {
            throw fieldError(`items.${String(index)}.reason`, PRICE_CHANGE_NEEDS_REASON);
          }
        });

        const names = new Map(
          lines.flatMap((line) => (line.specialistId ? [[line.specialistId, line.specialistName ?? '']] : [])),
        );
        const tips = input.tips.map((tip, index) => {
          const name = names.get(tip.specialistId);
          if (name === undefined) {
            throw fieldError(`tips.${String(index)}.specialistId`, 'A tip goes to a specialist of this sale');
          }
          return { specialistId: tip.specialistId, specialistName: name, amountCents: toCents(tip.amount) };
        });
        const figures = saleFigures(
          lines.map((line) => line.priceCents),
          input.discount && {
            percent: input.discount.percent,
            amountCents: input.discount.amount === undefined ? undefined : toCents(input.discount.amount),
          },
          tips.map((tip) => tip.amountCents),
        );
        if ('refusal' in figures) throw fieldError('discount.amount', figures.refusal);
        const refusal = paymentsRefusal(
          input.payments.map((payment) => toCents(payment.amount)),
          figures.totalCents + figures.tipsCents,
        );
        if (refusal) throw fieldError('payments', refusal);

        // Each voucher is spent once per sale, by what all its lines add up to.
        const payments = input.payments.map((payment, index) => {
          if (payment.method !== 'voucher')
            return { method: payment.method, amountCents: toCents(payment.amount), voucherId: null };
          const voucher = voucherWithCode(tx, payment.code ?? '');
          if (!voucher) throw fieldError(`payments.${String(index)}.code`, VOUCHER_NOT_FOUND);
          return {
            method: payment.method,
            amountCents: toCents(payment.amount),
            voucherId: voucher.id,
            voucher,
            index,
          };
        });
        const byVoucher = new Map<string, { voucher: typeof vouchers.$inferSelect; cents: number; index: number }>();
        for (const payment of payments) {
          if (!('voucher' in payment) || payment.voucher === undefined) continue;
          const entry = byVoucher.get(payment.voucher.id) ?? {
            voucher: payment.voucher,
            cents: 0,
            index: payment.index,
          };
          entry.cents += payment.amountCents;
          byVoucher.set(payment.voucher.id, entry);
        }
        for (const { voucher, cents, index } of byVoucher.values()) {
          spendVoucher(tx, voucher, day, cents, `payments.${String(index)}.code`);
        }

        const saleId = insertSale(tx, deps, {
          kind: visit ? 'visit' : 'walk-in',
          day,
          visitId: visit?.id ?? null,
          userId: visit?.customer?.userId ?? null,
          customerName: visit?.customer
            ? `${visit.customer.firstName} ${visit.customer.lastName}`.trim()
            : (input.customerName ?? null),
          // A former customer's bookings keep no address.
          customerEmail:
            visit?.customer?.email === undefined || visit.customer.email === '' ? null : visit.customer.email,
          figures,
          discount: input.discount && {
            percent: input.discount.percent ?? null,
            reason: input.discount.reason ?? null,
          },
          items: lines,
          payments: payments.map(({ method, amountCents, voucherId }) => ({ method, amountCents, voucherId })),
          tips,
        });
        if (visit) closeVisit(tx, deps, visit.items);
        rememberWrite(tx, 'sale', deps.actor, input, saleId);
        return saleId;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // Two checkouts of one visit at once: the second meets the first's row.
    if (isUniqueViolation(error)) throw new Conflict('This visit is paid already.');
    throw error;
  }
  deps.outbox.wake();
  return getSale(db, id);
}

/** A paid visit is done: its open items become completed (the customer hears as for any completion). */
function closeVisit(tx: DbOrTx, deps: TillDeps, items: readonly VisitItemRow[]): void {
  const open = items.filter((item) => item.status === 'pending' || item.status === 'confirmed');
  if (open.length === 0) return;
  const begins = new Date(Math.min(...items.map((item) => item.startsAt.getTime())));
  setStatus(
    tx,
    deps,
    { begins, status: 'completed', expected: undefined, wholeVisit: open[0]?.id === items[0]?.id },
    open,
  );
}

/**
 * A deleted account's sales stay (they are the salon's accounts) without their name or address:
 * "Former customer", as their bookings read.
 */
export function forgetSaleCustomer(tx: DbOrTx, userId: string): void {
  tx.update(sales)
    .set({ customerName: FORMER_CUSTOMER_NAME, customerEmail: null })
    .where(eq(sales.userId, userId))
    .run();
}

// ------------------------------------------------------------------ reading sales

type SaleRow = typeof sales.$inferSelect;

/** Sales as the API answers them, with their lines, in the order of `rows`. */
function toSales(db: DbOrTx, rows: readonly SaleRow[]): Sale[] {
  if (rows.length === 0) return [];
  // A year's CSV may hold tens of thousands of sales: their lines are read 500 ids at a time
  // (SQLite takes at most 32,766 bound values in one statement).
  const allIds = rows.map((row) => row.id);
  const chunks: string[][] = [];
  for (let at = 0; at < allIds.length; at += 500) chunks.push(allIds.slice(at, at + 500));
  const read = <T>(query: (ids: string[]) => T[]): T[] => chunks.flatMap(query);
  const groupBySale = <T extends { saleId: string }>(list: readonly T[]) => {
    const groups = new Map<string, T[]>();
    for (const entry of list) groups.set(entry.saleId, [...(groups.get(entry.saleId) ?? []), entry]);
    return groups;
  };
  const items = groupBySale(
    read((ids) =>
      db.select().from(saleItems).where(inArray(saleItems.saleId, ids)).orderBy(asc(saleItems.position)).all(),
    ),
  );
  const payments = groupBySale(
    read((ids) =>
      db
        .select({
          saleId: salePayments.saleId,
          method: salePayments.method,
          amountCents: salePayments.amountCents,
          voucherId: salePayments.voucherId,
          code: vouchers.code,
        })
        .from(salePayments)
        .leftJoin(vouchers, eq(vouchers.id, salePayments.voucherId))
        .where(inArray(salePayments.saleId, ids))
        .orderBy(asc(salePayments.position))
        .all(),
    ),
  );
  const tips = groupBySale(read((ids) => db.select().from(saleTips).where(inArray(saleTips.saleId, ids)).all()));
  const given = groupBySale(
    read((ids) =>
      db
        .select()
        .from(refunds)
        .where(inArray(refunds.saleId, ids))
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
        .all(),
    ),
  );
  const sold = new Map(
    read((ids) =>
      db
        .select({ saleId: vouchers.saleId, id: vouchers.id, code: vouchers.code })
        .from(vouchers)
        .where(inArray(vouchers.saleId, ids))
        .all(),
    ).map((row) => [row.saleId, { _id: row.id, code: row.code }]),
  );
  return rows.map((row) => {
    const refundsOf = given.get(row.id) ?? [];
    return {
      _id: row.id,
      number: row.number,
      kind: row.kind,
      visitId: row.visitId,
      customer:
        row.customerName === null && row.customerEmail === null
          ? null
          : { name: row.customerName ?? '', email: row.customerEmail },
      day: row.day,
      createdAt: row.createdAt.toISOString(),
      items: (items.get(row.id) ?? []).map((item) => ({
        booking: item.bookingId,
        service: item.serviceId === null ? null : { _id: item.serviceId, name: item.serviceName ?? '' },
        specialist: item.specialistId === null ? null : { _id: item.specialistId, name: item.specialistName ?? '' },
        description: item.description,
        bookedPrice: item.bookedCents === null ? null : fromCents(item.bookedCents),
        price: fromCents(item.priceCents),
        reason: item.reason,
      })),
      subtotal: fromCents(row.subtotalCents),
      discount:
        row.discountCents === 0
          ? null
          : { amount: fromCents(row.discountCents), percent: row.discountPercent, reason: row.discountReason },
      total: fromCents(row.totalCents),
      tips: (tips.get(row.id) ?? []).map((tip) => ({
        specialist: { _id: tip.specialistId, name: tip.specialistName },
        amount: fromCents(tip.amountCents),
      })),
      paid: fromCents(row.totalCents + row.tipsCents),
      payments: (payments.get(row.id) ?? []).map((payment) => ({
        method: payment.method,
        amount: fromCents(payment.amountCents),
        voucher: payment.voucherId === null ? null : { _id: payment.voucherId, code: payment.code ?? '' },
      })),
      refunds: refundsOf.map((refund) => ({
        _id: refund.id,
        amount: fromCents(refund.amountCents),
        method: refund.method,
        reason: refund.reason,
        by: refund.byName,
        createdAt: refund.createdAt.toISOString(),
      })),
      refunded: fromCents(refundsOf.reduce((sum, refund) => sum + refund.amountCents, 0)),
      voucher: sold.get(row.id) ?? null,
      takenBy: { _id: row.takenById, name: row.takenByName },
    };
  });
}

/** One sale; NOT_FOUND when there is none with that id. */
export function getSale(db: DbOrTx, id: string): Sale {
  const row = db.select().from(sales).where(eq(sales.id, id)).get();
  if (!row) throw saleNotFound();
  const [sale] = toSales(db, [row]);
  if (!sale) throw saleNotFound();
  return sale;
}

/**
 * The sales taken on the salon days `from` to `to`, newest first: at most `limit` (the list's
 * SALES_LIST_MAX; the CSV export asks for all, -1).
 */
export function listSales(db: DbOrTx, period: { from: string; to: string }, limit = SALES_LIST_MAX): Sale[] {
  const rows = db
    .select()
    .from(sales)
    .where(between(sales.day, period.from, period.to))
    .orderBy(desc(sales.number))
    .limit(limit)
    .all();
  return toSales(db, rows);
}

/** A customer's sales, oldest first (their data export). */
export function salesOfCustomer(db: DbOrTx, userId: string): Sale[] {
  return toSales(db, db.select().from(sales).where(eq(sales.userId, userId)).orderBy(asc(sales.number)).all());
}

/** The tips of a period, newest first: one specialist's, or everyone's. */
export function listTips(db: DbOrTx, query: { from: string; to: string; specialistId?: string | undefined }) {
  const rows = db
    .select({
      day: sales.day,
      saleNumber: sales.number,
      specialistId: saleTips.specialistId,
      specialistName: saleTips.specialistName,
      amountCents: saleTips.amountCents,
    })
    .from(saleTips)
    .innerJoin(sales, eq(sales.id, saleTips.saleId))
    .where(
      and(
        between(sales.day, query.from, query.to),
        query.specialistId === undefined ? undefined : eq(saleTips.specialistId, query.specialistId),
      ),
    )
    .orderBy(desc(sales.number))
    .all();
  return {
    total: fromCents(rows.reduce((sum, row) => sum + row.amountCents, 0)),
    tips: rows.map((row) => ({
      day: row.day,
      saleNumber: row.saleNumber,
      specialist: { _id: row.specialistId, name: row.specialistName },
      amount: fromCents(row.amountCents),
    })),
  };
}
