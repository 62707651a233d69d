// Gift vouchers (README "Gift vouchers"): sold at the desk as a sale of their own, with a code that
// is hard to guess; spent at checkouts against their balance (sales.ts, in the checkout's own
// IMMEDIATE transaction, so two checkouts never spend one balance twice); listed with their
// balance and history; voided by a manager. Payments are recorded, not processed (decision 0050).
import { randomBytes } from 'node:crypto';
import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { Voucher, VoucherDetails } from '@/shared/schemas/sales';
import type { z } from 'zod';
import type { createVoucherSchema } from '@/shared/schemas/sales';
import { VOUCHER_DEFAULT_MONTHS, VOUCHER_LONGEST_YEARS } from '@/shared/constants';
import { fromCents, toCents } from '@/shared/money';
import { formatDay } from '@/shared/time-format';
import { maskedCode } from '@/shared/receipt';
import type { DbOrTx } from '@/server/db/client';
import { refunds, salePayments, sales, vouchers } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { earlierWrite, rememberWrite } from '@/server/db/idempotent';
import { addMonths, voucherRefusal, voucherStatus } from '@/server/domain/sales';
import { todayIn } from '@/server/domain/calendar';
import { Conflict, InvalidFields, NotFound } from '@/server/errors';
import { enqueueMail } from '@/server/outbox/enqueue';
import { insertSale, type TillDeps } from './sales';

/** Digits and capitals without 0, 1, I and O: 32 signs, five bits each. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CODE_LENGTH = 12;

/** A new code, `XXXX-XXXX-XXXX`: 60 random bits. */
export function newVoucherCode(): string {
  const signs = [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte % 32] ?? '2').join('');
  return `${signs.slice(0, 4)}-${signs.slice(4, 8)}-${signs.slice(8)}`;
}

/** A code as typed (any case, spaces or dashes anywhere) in its stored shape. */
export function normalizedCode(typed: string): string {
  const signs = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return signs.length === CODE_LENGTH ? `${signs.slice(0, 4)}-${signs.slice(4, 8)}-${signs.slice(8)}` : signs;
}

export const VOUCHER_NOT_FOUND = 'No voucher has this code';
const voucherNotFound = () => new NotFound('Voucher not found');

type VoucherRow = typeof vouchers.$inferSelect;

function toVoucher(row: VoucherRow, today: string): Voucher {
  return {
    _id: row.id,
    code: row.code,
    value: fromCents(row.valueCents),
    balance: fromCents(row.balanceCents),
    expiresOn: row.expiresOn,
    status: voucherStatus({ ...row, voided: row.voidedAt !== null }, today),
    buyerName: row.buyerName,
    recipientName: row.recipientName,
    createdAt: row.createdAt.toISOString(),
    saleId: row.saleId,
  };
}

/** The voucher with this code (as typed), or undefined. */
export const voucherWithCode = (db: DbOrTx, typed: string): VoucherRow | undefined =>
  db
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, normalizedCode(typed)))
    .get();

/**
 * Spends `amountCents` of a voucher at a checkout taken on `day`, inside the checkout's IMMEDIATE
 * transaction: refused in words (at the payment's field) when it is void, expired or short; the
 * guarded update and the balance's CHECK are the backstop of that rule.
 */
export function spendVoucher(tx: DbOrTx, voucher: VoucherRow, day: string, amountCents: number, path: string): void {
  const current = tx.select().from(vouchers).where(eq(vouchers.id, voucher.id)).get() ?? voucher;
  const refusal = voucherRefusal({ ...current, voided: current.voidedAt !== null }, day, amountCents);
  if (refusal) throw new InvalidFields([{ path, message: refusal }]);
  const spent = tx
    .update(vouchers)
    .set({ balanceCents: sql`${vouchers.balanceCents} - ${amountCents}` })
    .where(and(eq(vouchers.id, voucher.id), sql`${vouchers.balanceCents} >= ${amountCents}`))
    .run();
  if (spent.changes !== 1) throw new Conflict('This voucher was spent meanwhile. Check its balance.');
}

/** Puts `amountCents` back on a voucher (a refund to the voucher it was paid with). */
export function creditVoucher(tx: DbOrTx, voucherId: string, amountCents: number): void {
  tx.update(vouchers)
    .set({ balanceCents: sql`${vouchers.balanceCents} + ${amountCents}` })
    .where(eq(vouchers.id, voucherId))
    .run();
}

type CreateVoucher = z.output<typeof createVoucherSchema>;

/**
 * Sells a gift voucher: a sale of its own (paid by the buyer's method), and the voucher with a new
 * code, valid until `expiresOn` (twelve months on when not said); mailed when an address is given.
 */
export function sellVoucher(deps: TillDeps, input: CreateVoucher): VoucherDetails {
  const { db, config } = deps;
  const today = todayIn(config.timezone);
  const expiresOn = input.expiresOn ?? addMonths(today, VOUCHER_DEFAULT_MONTHS);
  const valueCents = toCents(input.value);
  const id = newId();
  const sold = db.transaction(
    (tx) => {
      // The same voucher sold again with its key (maybe after midnight): the first one answers,
      // and no second mail goes.
      const earlier = earlierWrite(tx, 'voucher', deps.actor, input);
      if (earlier !== undefined) {
        const row = tx.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, earlier)).get();
        if (!row) throw new Error(`the voucher ${earlier} of an idempotency key is missing`);
        return { code: row.code, fresh: false };
      }
      if (expiresOn < today) {
        throw new InvalidFields([{ path: 'expiresOn', message: 'A voucher cannot expire before today' }]);
      }
      if (expiresOn > addMonths(today, VOUCHER_LONGEST_YEARS * 12)) {
        throw new InvalidFields([
          { path: 'expiresOn', message: `A voucher is valid for at most ${String(VOUCHER_LONGEST_YEARS)} years` },
        ]);
      }
      let fresh = newVoucherCode();
      // 60 random bits rarely meet an existing code; when they do, draw again.
      while (voucherWithCode(tx, fresh)) fresh = newVoucherCode();
      const saleId = insertSale(tx, deps, {
        kind: 'voucher',
        day: today,
        visitId: null,
        userId: null,
        customerName: input.buyerName ?? null,
        customerEmail: input.email ?? null,
        figures: {
          subtotalCents: valueCents,
          discountCents: 0,
          totalCents: valueCents,
          tipsCents: 0,
          netCents: [valueCents],
        },
        discount: undefined,
        items: [
          {
            day: today,
            bookingId: null,
            serviceId: null,
            serviceName: null,
            specialistId: null,
            specialistName: null,
            description: `Gift voucher ${maskedCode(fresh)}`,
            bookedCents: null,
            priceCents: valueCents,
            reason: null,
          },
        ],
        payments: [{ method: input.method, amountCents: valueCents, voucherId: null }],
        tips: [],
      });
      tx.insert(vouchers)
        .values({
          id,
          code: fresh,
          valueCents,
          balanceCents: valueCents,
          buyerName: input.buyerName ?? null,
          recipientName: input.recipientName ?? null,
          expiresOn,
          saleId,
        })
        .run();
      if (input.email !== undefined)
        enqueueVoucherMail(tx, input.email, { ...input, code: fresh, valueCents, expiresOn });
      rememberWrite(tx, 'voucher', deps.actor, input, id);
      return { code: fresh, fresh: true };
    },
    { behavior: 'immediate' },
  );
  if (sold.fresh && input.email !== undefined) deps.outbox.wake();
  return voucherDetails(db, config.timezone, sold.code);
}

function enqueueVoucherMail(
  tx: DbOrTx,
  to: string,
  voucher: {
    code: string;
    valueCents: number;
    expiresOn: string;
    recipientName?: string | undefined;
    buyerName?: string | undefined;
  },
): void {
  enqueueMail(tx, to, {
    template: 'gift-voucher',
    code: voucher.code,
    value: fromCents(voucher.valueCents),
    expiresOn: formatDay(voucher.expiresOn),
    recipientName: voucher.recipientName ?? null,
    buyerName: voucher.buyerName ?? null,
  });
}

/** Every voucher, newest first, with its balance and status today. */
export function listVouchers(db: DbOrTx, timeZone: string): Voucher[] {
  const today = todayIn(timeZone);
  return db
    .select()
    .from(vouchers)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .all()
    .map((row) => toVoucher(row, today));
}

/** The vouchers sold on the salon days `from` to `to`, oldest first, each with the day it was sold. */
export function vouchersSoldBetween(db: DbOrTx, timeZone: string, period: { from: string; to: string }) {
  const today = todayIn(timeZone);
  return db
    .select({ voucher: vouchers, day: sales.day })
    .from(sales)
    .innerJoin(vouchers, eq(vouchers.saleId, sales.id))
    .where(and(between(sales.day, period.from, period.to), eq(sales.kind, 'voucher')))
    .orderBy(asc(sales.number))
    .all()
    .map((row) => ({ voucher: toVoucher(row.voucher, today), day: row.day }));
}

/** One voucher by its code (as typed), with what happened to it, oldest first. */
export function voucherDetails(db: DbOrTx, timeZone: string, typed: string): VoucherDetails {
  const row = voucherWithCode(db, typed);
  if (!row) throw voucherNotFound();
  const sold = db
    .select({ number: sales.number, by: sales.takenByName })
    .from(sales)
    .where(eq(sales.id, row.saleId))
    .get();
  const spent = db
    .select({
      amountCents: salePayments.amountCents,
      saleId: sales.id,
      number: sales.number,
      at: sales.createdAt,
      by: sales.takenByName,
    })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .where(eq(salePayments.voucherId, row.id))
    .orderBy(asc(sales.createdAt))
    .all();
  const credited = db
    .select({
      amountCents: refunds.amountCents,
      saleId: refunds.saleId,
      number: sales.number,
      at: refunds.createdAt,
      by: refunds.byName,
    })
    .from(refunds)
    .innerJoin(sales, eq(sales.id, refunds.saleId))
    .where(eq(refunds.voucherId, row.id))
    .all();
  const history: VoucherDetails['history'] = [
    {
      event: 'sold' as const,
      amount: fromCents(row.valueCents),
      at: row.createdAt.toISOString(),
      by: sold?.by ?? '',
      saleId: row.saleId,
      saleNumber: sold?.number ?? null,
    },
    ...spent.map((line) => ({
      event: 'redeemed' as const,
      amount: -fromCents(line.amountCents),
      at: line.at.toISOString(),
      by: line.by,
      saleId: line.saleId,
      saleNumber: line.number,
    })),
    ...credited.map((line) => ({
      event: line.saleId === row.saleId ? ('returned' as const) : ('refunded' as const),
      amount: fromCents(line.saleId === row.saleId ? -line.amountCents : line.amountCents),
      at: line.at.toISOString(),
      by: line.by,
      saleId: line.saleId,
      saleNumber: line.number,
    })),
    ...(row.voidedAt === null
      ? []
      : [
          {
            event: 'voided' as const,
            amount: 0,
            at: row.voidedAt.toISOString(),
            by: row.voidedBy ?? '',
            saleId: null,
            saleNumber: null,
          },
        ]),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...toVoucher(row, todayIn(timeZone)), voidReason: row.voidReason, history };
}

/** Voids a voucher: it can no longer be spent; its balance stays on record. Once. */
export function voidVoucher(
  deps: Pick<TillDeps, 'db' | 'config' | 'actor'>,
  id: string,
  reason: string,
): VoucherDetails {
  const row = deps.db.select().from(vouchers).where(eq(vouchers.id, id)).get();
  if (!row) throw voucherNotFound();
  const voided = deps.db
    .update(vouchers)
    .set({ voidedAt: new Date(), voidedBy: deps.actor.name, voidReason: reason })
    .where(and(eq(vouchers.id, id), sql`${vouchers.voidedAt} IS NULL`))
    .run();
  if (voided.changes !== 1) throw new Conflict('This voucher is void already.');
  return voucherDetails(deps.db, deps.config.timezone, row.code);
}
