// The checkout's code (its form, the receipt and their styles) is fetched when a visit is first
// checked out, so the calendar and the appointments list stay as quick to open as before.
import { lazy, Suspense } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { bookingName } from '@/client/features/admin/shared/booking-columns';

const CheckoutModal = lazy(() => import('./checkout-modal').then((module) => ({ default: module.CheckoutModal })));

/** The visit a booking is part of, to check out: its day, and whose it is. */
export interface CheckoutTarget {
  bookingId: string;
  /** Null: a booking of one service (a visit of its own). */
  visitId: string | null;
  day: string;
  customerName: string;
}

export const checkoutTargetOf = (booking: Booking): CheckoutTarget => ({
  bookingId: booking._id,
  visitId: booking.visitId ?? null,
  day: booking.bookingDate,
  customerName: bookingName(booking),
});

/**
 * Whether a booking may be checked out: anything not cancelled. Whether its visit is paid already
 * the list does not tell; the server refuses a second sale (409), said in the toast.
 */
export const canCheckOut = (booking: Pick<Booking, 'status'>): boolean => booking.status !== 'cancelled';

/** The checkout modal for `target` (none: closed), its code loaded on first use. */
export function LazyCheckoutModal({ target, onClose }: { target: CheckoutTarget | null; onClose: () => void }) {
  if (target === null) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutModal key={target.bookingId} target={target} onClose={onClose} />
    </Suspense>
  );
}
