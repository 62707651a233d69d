import { formatPrice } from '@/shared/money';

// Money is written one way, server and client alike (shared/money.ts); the screens import it from here.
export { formatCents, formatCentsExact, formatPrice, fromCents, toCents } from '@/shared/money';

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
