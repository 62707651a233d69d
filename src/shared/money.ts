// Money as people read it (README "The till"): dollars, with cents only when there are some.
// The server's messages and receipts and the back office's screens write amounts this one way.
import { SALON_CURRENCY } from '@/shared/constants';

/**
 * The two formatters, made on first use: making one costs a phone's main thread tens of
 * milliseconds (the locale's data), and most pages a visitor opens format no money at all.
 */
let formats: { whole: Intl.NumberFormat; exact: Intl.NumberFormat } | undefined;
const money = () =>
  (formats ??= {
    whole: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: SALON_CURRENCY,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
    exact: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: SALON_CURRENCY,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
  });

/** Prices are in dollars: `$45`, and `$45.50` only when there are cents. */
export function formatPrice(amount: number): string {
  // Round to cents first so 45.004 reads `$45`, not `$45.00`.
  return formatCents(Math.round(amount * 100));
}

/** Whole cents as dollars: 4550 → `$45.50`, 4500 → `$45`, -250 → `-$2.50`. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? money().whole.format(cents / 100) : money().exact.format(cents / 100);
}

/** Always with cents, as a receipt's columns line up: 4500 → `$45.00`. */
export const formatCentsExact = (cents: number): string => money().exact.format(cents / 100);

/** Dollars as the API carries them → whole cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Whole cents → dollars as the API carries them. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
