// When a discount counts as running or over. Days are calendar days `YYYY-MM-DD` in the salon's
// time zone, so comparing them as text compares them as dates. Running on a day is the pricing
// rule's (shared/pricing.ts), which the booking form uses too.
import { isDiscountActive, type DiscountPeriod } from '@/shared/pricing';

export { isDiscountActive, type DiscountPeriod };

/** Over: its last day has passed. A discount that has not started yet is not expired. */
export function isDiscountExpired(period: Pick<DiscountPeriod, 'validTill'>, today: string): boolean {
  return period.validTill < today;
}
