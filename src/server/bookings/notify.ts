// Everything a change to a booking sends, written into the outbox inside the change's own
// transaction (issue 18): the customer's mail (confirmation with its calendar invitation, a word
// when it is confirmed, moved or cancelled), the reminder armed or disarmed, the review request
// after it is completed, the salon's own copy, and the webhook events. Nothing is sent here: the
// delivery loop sends after the commit, and a failed send never undoes the booking.
import { eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings, salonContact, salonSettings } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { isOpenStatus, statusChangeMail } from '@/server/domain/bookings';
import { reminderDueAt } from '@/server/domain/messages';
import type { Config } from '@/server/env';
import { cancelWaitingMessages, enqueueMail, enqueueWebhookEvent } from '@/server/outbox/enqueue';
import type { BookingMailFacts } from '@/server/outbox/mail-jobs';
import { getBooking } from './records';

export type NotifyConfig = Pick<Config, 'timezone' | 'publicUrl' | 'reminderHours' | 'reviewRequestHours'>;

/** What happened to the booking. */
export type BookingEvent =
  | { type: 'created' }
  | { type: 'rescheduled' }
  | { type: 'status'; previous: BookingStatus; next: BookingStatus; byCustomer: boolean };

/** Read in every booking's transaction: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  booking: db
    .select({
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      email: bookings.email,
      phone: bookings.phone,
      serviceId: bookings.serviceId,
      serviceName: bookings.serviceName,
      servicePrice: bookings.servicePrice,
      durationMinutes: bookings.durationMinutes,
      specialistName: bookings.specialistName,
      bookingDate: bookings.bookingDate,
      timeSlot: bookings.timeSlot,
      startsAt: bookings.startsAt,
      status: bookings.status,
      sequence: bookings.sequence,
    })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')))
    .prepare(),
  contact: db.select({ address: salonContact.address, email: salonContact.email }).from(salonContact).where(eq(salonContact.id, 1)).prepare(),
  settings: db.select({ notifyBookings: salonSettings.notifyBookings }).from(salonSettings).where(eq(salonSettings.id, 1)).prepare(),
}));

const REMINDER = ['reminder'] as const;

/** A booking about to be deleted for good: the mails still waiting for it are dropped. */
export function dropWaitingBookingMessages(tx: DbOrTx, bookingId: string): void {
  cancelWaitingMessages(
    tx,
    bookingId,
    ['reminder', 'review-request', 'booking-created', 'booking-confirmed', 'booking-rescheduled', 'booking-cancelled', 'salon-notice'],
    'The booking was deleted.',
  );
}

/** Writes the messages `event` causes for booking `bookingId`; runs inside the event's transaction. */
export function recordBookingMessages(tx: DbOrTx, config: NotifyConfig, bookingId: string, event: BookingEvent): void {
  if (event.type === 'status' && event.previous === event.next) return;
  const statements = statementsOf(tx);
  const row = statements.booking.get({ id: bookingId });
  if (!row) return;
  const contact = statements.contact.get();
  const customerName = `${row.firstName} ${row.lastName}`.trim();
  const booking: BookingMailFacts = {
    id: bookingId,
    customerName,
    customerEmail: row.email,
    customerPhone: row.phone,
    serviceId: row.serviceId,
    startsAt: row.startsAt.getTime(),
    endsAt: row.startsAt.getTime() + row.durationMinutes * 60_000,
    sequence: row.sequence,
    salonEmail: contact?.email === '' ? undefined : contact?.email,
    details: {
      firstName: row.firstName,
      serviceName: row.serviceName,
      specialistName: row.specialistName,
      day: row.bookingDate,
      time: row.timeSlot,
      price: row.servicePrice,
      timeZone: config.timezone,
      address: contact?.address,
    },
  };
  const now = new Date();
  const about = { bookingId };

  // The customer's own mail.
  const change =
    event.type === 'created'
      ? 'created'
      : event.type === 'rescheduled'
        ? 'rescheduled'
        : event.byCustomer && event.next === 'cancelled'
          ? 'cancelled-by-customer'
          : statusChangeMail(event.previous, event.next);
  if (change) enqueueMail(tx, row.email, { template: 'booking', change, booking }, about);

  // The reminder: armed for the booking's time whenever that time is set or the booking reopens,
  // dropped when it closes.
  const timeSet = event.type !== 'status';
  const opened = event.type === 'status' && !isOpenStatus(event.previous) && isOpenStatus(event.next);
  const closed = event.type === 'status' && isOpenStatus(event.previous) && !isOpenStatus(event.next);
  if (timeSet || opened || closed) {
    cancelWaitingMessages(tx, bookingId, [...REMINDER], closed ? `The booking is ${row.status}.` : 'The booking was moved.');
    const due = isOpenStatus(row.status) ? reminderDueAt(row.startsAt, config.reminderHours, now) : null;
    if (due) {
      const appointmentsLink = `${config.publicUrl}/my-appointments`;
      enqueueMail(tx, row.email, { template: 'reminder', booking, appointmentsLink }, { ...about, dueAt: due });
    }
  }

  // The review request, once per booking, a while after it is completed.
  if (event.type === 'status' && event.next === 'completed' && event.previous !== 'completed' && config.reviewRequestHours > 0) {
    const reviewLink = `${config.publicUrl}/service?review=${encodeURIComponent(row.serviceId)}#review`;
    enqueueMail(
      tx,
      row.email,
      { template: 'review-request', booking, reviewLink },
      { ...about, dueAt: new Date(now.getTime() + Math.round(config.reviewRequestHours * 3_600_000)), dedupeKey: `review-request:${bookingId}` },
    );
  }

  // The salon's copy of a new, moved or cancelled booking.
  const salonChange = event.type === 'status' ? (closed && event.next === 'cancelled' ? 'cancelled' : null) : event.type;
  if (salonChange && contact?.email && (statements.settings.get()?.notifyBookings ?? true)) {
    const calendarLink = `${config.publicUrl}/admin/calendar?date=${row.bookingDate}`;
    enqueueMail(tx, contact.email, { template: 'salon-notice', change: salonChange, booking, calendarLink }, about);
  }

  // Webhooks: the booking as the API answers it.
  const asAnswered = () => getBooking(tx, bookingId);
  if (event.type === 'created') enqueueWebhookEvent(tx, 'booking.created', asAnswered, bookingId);
  if (event.type === 'rescheduled') enqueueWebhookEvent(tx, 'booking.rescheduled', asAnswered, bookingId);
  if (event.type === 'status') {
    enqueueWebhookEvent(tx, 'booking.status_changed', () => ({ ...getBooking(tx, bookingId), previousStatus: event.previous }), bookingId);
    if (event.next === 'cancelled') enqueueWebhookEvent(tx, 'booking.cancelled', asAnswered, bookingId);
  }
}
