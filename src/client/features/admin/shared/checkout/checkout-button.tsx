// The checkout's code (its form, the receipt and their styles) is fetched when a visit is first
// checked out, so the calendar and the appointments list stay as quick to open as before.
import { lazy, Suspense } from 'react';
import type { AdminBooking } from '@/shared/schemas/bookings';
import { bookingName } from '@/client/features/admin/shared/booking-columns';

const CheckoutModal = lazy(() => import('./checkout-modal').then((module) => ({ default: module.CheckoutModal })));

/** The visit a booking is part of, to check out: its day, whose it is, and the sale that paid it. */
export interface CheckoutTarget {
  bookingId: string;
  /** Null: a booking of one service (a visit of its own). */
  visitId: string | null;
  day: string;
  customerName: string;
  /** The sale that paid the visit: its receipt shows instead of the checkout. Null: not paid. */
  sale: { _id: string; number: number } | null;
}

export const checkoutTargetOf = (booking: AdminBooking): CheckoutTarget => ({
  bookingId: booking._id,
  visitId: booking.visitId ?? null,
  day: booking.bookingDate,
  customerName: bookingName(booking),
  sale: booking.sale ?? null,
});

/**
 * The till's button for a booking: `checkOut` ("Check out") for its visit, "Receipt N" once a sale
 * paid it, none for a cancelled one.
 */
export function tillButtonLabel(booking: Pick<AdminBooking, 'status' | 'sale'>, checkOut = 'Check out'): string | null {
  if (booking.sale) return `Receipt ${String(booking.sale.number)}`;
  return booking.status === 'cancelled' ? null : checkOut;
}

/** The checkout modal for `target` (none: closed), its code loaded on first use. */
export function LazyCheckoutModal({ target, onClose }: { target: CheckoutTarget | null; onClose: () => void }) {
  if (target === null) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutModal key={target.bookingId} target={target} onClose={onClose} />
    </Suspense>
  );
}
