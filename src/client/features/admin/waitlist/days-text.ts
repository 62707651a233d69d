import type { SalonWaitlistEntry } from '@/shared/schemas/waitlist';
import { formatShortDayWithWeekday } from '@/shared/time-format';

/** `Mon 07/12 – Sun 13/12`, or the one day: the days an entry waits for. */
export const daysText = (entry: Pick<SalonWaitlistEntry, 'fromDate' | 'toDate'>): string =>
  entry.fromDate === entry.toDate
    ? formatShortDayWithWeekday(entry.fromDate)
    : `${formatShortDayWithWeekday(entry.fromDate)} – ${formatShortDayWithWeekday(entry.toDate)}`;
