// The till's arithmetic (README "The till"), in whole cents and without I/O: a sale's totals and
// the discount's share of each item, whether the payments cover it, what may be refunded, whether a
// gift voucher may pay, and the cash a day's drawer should hold. Decision 0050.
import type { PaymentMethod } from '@/shared/constants';
import { formatCents } from '@/shared/money';
import { formatDay } from '@/shared/time-format';

export interface SaleDiscount {
  /** Off the items, in cents; or */
  amountCents?: number | undefined;
  /** this percent of them (rounded to the cent, a half cent up). */
  percent?: number | undefined;
}

export interface SaleFigures {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  tipsCents: number;
  /** Each item's price less its share of the discount, in the items' order; they add up to the total. */
  netCents: number[];
}

export const DISCOUNT_TOO_LARGE = 'The discount is more than the items come to';

/**
 * A sale's figures from its items' prices, its discount and its tips; a refusal in words when the
 * discount is more than the items.
 */
export function saleFigures(
  pricesCents: readonly number[],
  discount: SaleDiscount | undefined,
  tipsCents: readonly number[],
): SaleFigures | { refusal: string } {
  const subtotalCents = pricesCents.reduce((sum, cents) => sum + cents, 0);
  const discountCents =
    discount?.percent !== undefined
      ? Math.round((subtotalCents * discount.percent) / 100)
      : (discount?.amountCents ?? 0);
  if (discountCents > subtotalCents) return { refusal: DISCOUNT_TOO_LARGE };
  return {
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    tipsCents: tipsCents.reduce((sum, cents) => sum + cents, 0),
    netCents: spreadDiscount(pricesCents, discountCents),
  };
}

/**
 * Each price less its share of `discountCents`, shares in proportion to the prices, in whole
 * cents (largest remainders first, ties to the earlier item), so the shares add up to the
 * discount exactly and no item goes below zero.
 */
export function spreadDiscount(pricesCents: readonly number[], discountCents: number): number[] {
  const subtotal = pricesCents.reduce((sum, cents) => sum + cents, 0);
  if (discountCents <= 0 || subtotal === 0) return [...pricesCents];
  const exact = pricesCents.map((cents) => (cents * discountCents) / subtotal);
  const shares = exact.map(Math.floor);
  let left = discountCents - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return pricesCents.map((cents, index) => cents - (shares[index] ?? 0));
}

/** Why the payments do not settle `dueCents` (the total plus the tips), or null when they do. */
export function paymentsRefusal(paymentsCents: readonly number[], dueCents: number): string | null {
  const paid = paymentsCents.reduce((sum, cents) => sum + cents, 0);
  if (paid === dueCents) return null;
  const due = `The total with tips is ${formatCents(dueCents)}`;
  return paid < dueCents
    ? `${due}; the payments come to ${formatCents(paid)}, ${formatCents(dueCents - paid)} short.`
    : `${due}; the payments come to ${formatCents(paid)}, ${formatCents(paid - dueCents)} too much. Record the amount kept, not the cash handed over.`;
}

export interface VoucherState {
  balanceCents: number;
  expiresOn: string;
  voided: boolean;
}

/** Why a voucher may not pay `amountCents` on `day`, or null when it may. */
export function voucherRefusal(voucher: VoucherState, day: string, amountCents: number): string | null {
  if (voucher.voided) return 'This voucher is void.';
  if (voucher.expiresOn < day) return `This voucher expired on ${formatDay(voucher.expiresOn)}.`;
  if (voucher.balanceCents < amountCents) {
    return voucher.balanceCents === 0
      ? 'This voucher is spent.'
      : `This voucher has only ${formatCents(voucher.balanceCents)} left.`;
  }
  return null;
}

/** What a voucher reads as: spent, expired or void before its balance. */
export function voucherStatus(voucher: VoucherState, today: string): 'active' | 'spent' | 'expired' | 'void' {
  if (voucher.voided) return 'void';
  if (voucher.balanceCents === 0) return 'spent';
  return voucher.expiresOn < today ? 'expired' : 'active';
}

/**
 * Why `amountCents` may not be refunded by `method` on a sale, and at which field, or null when it
 * may: never more than was paid by that method, less what was refunded by it already.
 */
export function refundRefusal(
  paidByMethod: ReadonlyMap<PaymentMethod, number>,
  refundedByMethod: ReadonlyMap<PaymentMethod, number>,
  method: PaymentMethod,
  amountCents: number,
): { path: 'amount' | 'method'; message: string } | null {
  const left = (paidByMethod.get(method) ?? 0) - (refundedByMethod.get(method) ?? 0);
  if (amountCents <= left) return null;
  if ((paidByMethod.get(method) ?? 0) === 0)
    return { path: 'method', message: `Nothing of this sale was paid by ${method}.` };
  return left === 0
    ? { path: 'method', message: `What was paid by ${method} is refunded already.` }
    : { path: 'amount', message: `At most ${formatCents(left)} paid by ${method} is left to refund.` };
}

/** The cash a drawer should hold at a day's end: its float, plus cash taken, less cash given back. */
export const expectedCashCents = (floatCents: number, cashInCents: number, cashOutCents: number): number =>
  floatCents + cashInCents - cashOutCents;

/** `YYYY-MM-DD` `months` calendar months after `day` (the 31st of a shorter month: its last day). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}
