// When a discount counts as running or over. Days are calendar days `YYYY-MM-DD` in the salon's
// time zone, so comparing them as text compares them as dates.

export interface DiscountPeriod {
  validFrom: string;
  validTill: string;
}

/** Running today: today lies between validFrom and validTill, both days included. */
export function isDiscountActive(period: DiscountPeriod, today: string): boolean {
  return period.validFrom <= today && today <= period.validTill;
}

/** Over: its last day has passed. A discount that has not started yet is not expired. */
export function isDiscountExpired(period: Pick<DiscountPeriod, 'validTill'>, today: string): boolean {
  return period.validTill < today;
}
