// What a booking costs (README "Booking", price as booked): the service's price, less the discount
// running for the service's category on the appointment's day. One rule for the booking form's
// quote and the server's booking. Days are calendar days `YYYY-MM-DD` in the salon's time zone: as
// text they compare as dates.

export interface DiscountPeriod {
  validFrom: string;
  validTill: string;
}

/** Running on `day`: the day lies between validFrom and validTill, both days included. */
export function isDiscountActive(period: DiscountPeriod, day: string): boolean {
  return period.validFrom <= day && day <= period.validTill;
}

export interface PriceDiscount extends DiscountPeriod {
  percentage: number;
  category: readonly string[];
}

/**
 * The discount a service of `category` gets on `day`: of those running that day for the category,
 * the largest (the first listed when two are equal); none when none runs.
 */
export function discountOn<T extends PriceDiscount>(
  discounts: readonly T[],
  category: string,
  day: string,
): T | undefined {
  return largestFor(discounts, category, (discount) => isDiscountActive(discount, day));
}

/**
 * The discount a service of `category` gets today, by the same rule, "today" as the server said
 * when it listed the discounts (`isActive`, the salon's day): a page shows the same price whatever
 * the visitor's clock or zone, and renders the same on the server as in the browser.
 */
export function discountToday<T extends PriceDiscount & { isActive: boolean }>(
  discounts: readonly T[],
  category: string,
): T | undefined {
  return largestFor(discounts, category, (discount) => discount.isActive);
}

function largestFor<T extends PriceDiscount>(
  discounts: readonly T[],
  category: string,
  running: (discount: T) => boolean,
): T | undefined {
  let best: T | undefined;
  for (const discount of discounts) {
    if (!discount.category.includes(category) || !running(discount)) continue;
    if (!best || discount.percentage > best.percentage) best = discount;
  }
  return best;
}

/** `price` less `percentage` per cent, to the cent (a half cent rounds up); the price itself without one. */
export function priceAfterDiscount(price: number, percentage: number | null | undefined): number {
  const cents = Math.round(price * 100);
  if (!percentage) return cents / 100;
  return Math.round((cents * (100 - percentage)) / 100) / 100;
}
