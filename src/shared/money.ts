// Money as people read it (README "The till"): dollars, with cents only when there are some.
// The server's messages and receipts and the back office's screens write amounts this one way.
// Written out here rather than by Intl.NumberFormat: making one costs about 10 ms of this box's
// main thread (the locale's currency data; 40 ms at the phone speed Lighthouse simulates), in the
// middle of the home page's hydration (its price list), which Total Blocking Time counts.
// money.test.ts holds the output to Intl's for whole cents, amount for amount (decision 0052).
/** The symbol of SALON_CURRENCY (shared/constants.ts: USD), as en-US writes it before the amount. */
export const CURRENCY_SYMBOL = '$';

/** `1234567` → `1,234,567`. */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole cents (rounded) as `-$1,234.50`; without the cents when `fraction` is `auto` and there are none. */
function written(cents: number, fraction: 'auto' | 'always'): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(rounded) / 100);
  const rest = Math.abs(rounded) % 100;
  const digits = fraction === 'auto' && rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${sign}${CURRENCY_SYMBOL}${grouped(whole)}${digits}`;
}

/** Prices are in dollars: `$45`, and `$45.50` only when there are cents. */
export function formatPrice(amount: number): string {
  // Round to cents first so 45.004 reads `$45`, not `$45.00`.
  return formatCents(toCents(amount));
}

/** Whole cents as dollars: 4550 → `$45.50`, 4500 → `$45`, -250 → `-$2.50`. */
export const formatCents = (cents: number): string => written(cents, 'auto');

/** Always with cents, as a receipt's columns line up: 4500 → `$45.00`. */
export const formatCentsExact = (cents: number): string => written(cents, 'always');

/** Whole dollars, rounded: 45.5 → `$46` (a price range, where cents would be noise). */
export const formatWholeDollars = (dollars: number): string => written(Math.round(dollars) * 100, 'auto');

/** Dollars as the API carries them → whole cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Whole cents → dollars as the API carries them. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
