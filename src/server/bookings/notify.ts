// Everything a change to a booking sends, written into the outbox inside the change's own
// transaction (issue 18): the customer's mail (confirmation with its calendar invitation, a word
// when it is confirmed, moved or cancelled), the reminder armed or disarmed, the review request
// after it is completed, the salon's own copy, and the webhook events. Nothing is sent here: the
// delivery loop sends after the commit, and a failed send never undoes the booking.
import { eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@/shared/constants';
import type { Db, DbOrTx } from '@/server/db/client';
import { bookings, salonContact, salonSettings } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { isOpenStatus, statusChangeMail } from '@/server/domain/bookings';
import { todayIn } from '@/server/domain/calendar';
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
      price: bookings.price,
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

/** The booking as its mails tell it, read inside the caller's transaction. */
function factsOf(tx: DbOrTx, config: NotifyConfig, bookingId: string) {
  const statements = statementsOf(tx);
  const row = statements.booking.get({ id: bookingId });
  if (!row) return undefined;
  const contact = statements.contact.get();
  const booking: BookingMailFacts = {
    id: bookingId,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
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
      price: row.price,
      timeZone: config.timezone,
      address: contact?.address,
    },
  };
  return { row, contact, booking };
}

/** The reminder of an open booking, due REMINDER_HOURS before it; none when that moment has passed. */
function armReminder(tx: DbOrTx, config: NotifyConfig, facts: NonNullable<ReturnType<typeof factsOf>>, now: Date): void {
  const due = isOpenStatus(facts.row.status) ? reminderDueAt(facts.row.startsAt, config.reminderHours, now) : null;
  if (!due) return;
  const appointmentsLink = `${config.publicUrl}/my-appointments`;
  enqueueMail(tx, facts.row.email, { template: 'reminder', booking: facts.booking, appointmentsLink }, { bookingId: facts.booking.id, dueAt: due });
}

/**
 * Arms the reminder of every open booking that should have one and has none: bookings made before
 * the outbox existed (an upgrade) or before reminders were turned on. Idempotent: a booking made or
 * moved inside the window has none to arm, and any other open booking has its reminder already.
 */
export function armMissingReminders(db: Db, config: NotifyConfig): number {
  if (config.reminderHours <= 0) return 0;
  const now = new Date();
  const earliestStart = now.getTime() + Math.round(config.reminderHours * 3_600_000);
  const today = todayIn(config.timezone);
  return db.transaction(
    (tx) => {
      const ids = tx.all<{ id: string }>(sql`SELECT b.id FROM bookings b
        WHERE b.booking_date >= ${today} AND b.status IN ('pending', 'confirmed') AND b.starts_at > ${earliestStart}
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.booking_id = b.id AND m.kind = 'reminder' AND m.status <> 'cancelled')`);
      for (const { id } of ids) {
        const facts = factsOf(tx, config, id);
        if (facts) armReminder(tx, config, facts, now);
      }
      return ids.length;
    },
    { behavior: 'immediate' },
  );
}

/** Writes the messages `event` causes for booking `bookingId`; runs inside the event's transaction. */
export function recordBookingMessages(tx: DbOrTx, config: NotifyConfig, bookingId: string, event: BookingEvent): void {
  if (event.type === 'status' && event.previous === event.next) return;
  const facts = factsOf(tx, config, bookingId);
  if (!facts) return;
  const { row, contact, booking } = facts;
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
    // A new booking has no reminder yet.
    if (event.type !== 'created') cancelWaitingMessages(tx, bookingId, [...REMINDER], closed ? `The booking is ${row.status}.` : 'The booking was moved.');
    armReminder(tx, config, facts, now);
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
  if (salonChange && contact?.email && (statementsOf(tx).settings.get()?.notifyBookings ?? true)) {
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
