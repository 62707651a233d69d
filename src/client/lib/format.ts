import { SALON_CURRENCY } from '@/shared/constants';
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: SALON_CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: SALON_CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices are in dollars: `$45`, and `$45.50` only when there are cents. */
export function formatPrice(amount: number): string {
  // Round to cents first so 45.004 reads `$45`, not `$45.00`.
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

/** `45 min`, `1 h`, `1 h 30 min`: short enough for a card, unambiguous at a glance. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return `${hours} h`;
  return `${hours} h ${rest} min`;
}

/** Stored categories keep the spec's spelling ('cosmetology'); headings start with a capital. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** What a booking costs as booked: `$48 (20% off $60)` with a discount, `$60` without. */
export function formatBookedPrice(booking: {
  price: number;
  discountPercentage: number | null;
  service: { price: number };
}): string {
  const paid = formatPrice(booking.price);
  return booking.discountPercentage
    ? `${paid} (${String(booking.discountPercentage)}% off ${formatPrice(booking.service.price)})`
    : paid;
}
