// The figures of the salon's day so far (the dashboard's "Today"): pure, from the day's bookings.
import type { BookingStatus } from '@/shared/constants';
import { isOpenStatus } from './bookings';

interface DayBooking {
  _id: string;
  /** The visit it is an item of; null or absent for a booking of one service. */
  visitId?: string | null | undefined;
  status: BookingStatus;
  /** `HH:MM`, salon time. */
  timeSlot: string;
  /** Dollars, as booked. */
  price: number;
}

export interface DaySummary {
  bookings: number;
  visits: number;
  completed: number;
  noShows: number;
  ahead: number;
  takings: number;
}

/**
 * One day's bookings summed up at the wall-clock time `now` (`HH:MM`): cancelled ones left out; a
 * visit of several services counted once among the visits; still to come: open and not begun;
 * takings: the completed bookings' prices, added in whole cents as the reports add them.
 */
export function summariseDay(day: readonly DayBooking[], now: string): DaySummary {
  const kept = day.filter((booking) => booking.status !== 'cancelled');
  const cents = kept
    .filter((booking) => booking.status === 'completed')
    .reduce((sum, booking) => sum + Math.round(booking.price * 100), 0);
  return {
    bookings: kept.length,
    visits: new Set(kept.map((booking) => booking.visitId ?? booking._id)).size,
    completed: kept.filter((booking) => booking.status === 'completed').length,
    noShows: kept.filter((booking) => booking.status === 'no-show').length,
    ahead: kept.filter((booking) => isOpenStatus(booking.status) && booking.timeSlot > now).length,
    takings: cents / 100,
  };
}
