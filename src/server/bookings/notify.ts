// Everything a change to a booking sends, written into the outbox inside the change's own
// transaction (README "Messages: mail, reminders and webhooks"): the customer's mail (confirmation
// with its calendar invitation, a word when it is confirmed, moved or cancelled), the reminder
// armed or disarmed, the review request after it is completed, the salon's own copy, and the
// webhook events. Nothing is sent here: the delivery loop sends after the commit, and a failed send
// never undoes the booking.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@/shared/constants';
import type { Db, DbOrTx } from '@/server/db/client';
import { bookings, salonContact, salonSettings, users } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { generateSecretToken } from '@/server/auth/tokens';
import { isOpenStatus, statusChangeMail } from '@/server/domain/bookings';
import { todayIn } from '@/server/domain/calendar';
import { REMINDER_MAILS_OFF, reminderDueAt, reminderLeadMs, reviewRequestDueAt } from '@/server/domain/messages';
import type { Config } from '@/server/env';
import { cancelWaitingMessages, enqueueMail, enqueueWebhookEvent } from '@/server/outbox/enqueue';
import type { BookingMailFacts } from '@/server/outbox/mail-jobs';
import { getBooking, visitItems } from './records';

export type NotifyConfig = Pick<Config, 'timezone' | 'publicUrl' | 'reminderHours' | 'reviewRequestHours'>;

/**
 * What happened to the booking. `wholeVisit`: to every item of its visit at once (booked, moved,
 * cancelled together): the visit's first item tells the customer of all of them, once.
 */
export type BookingEvent = (
  | { type: 'created' }
  | { type: 'rescheduled' }
  | { type: 'status'; previous: BookingStatus; next: BookingStatus; byCustomer: boolean }
) & {
  wholeVisit?: boolean;
  /**
   * No mail to the customer or the salon for this change (its reminder and webhooks as ever): an
   * occurrence of a standing appointment booked, moved or cancelled with others, told by the first.
   */
  quiet?: boolean;
};

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
      userId: bookings.userId,
      visitId: bookings.visitId,
      processingMinutes: bookings.processingMinutes,
    })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')))
    .prepare(),
  contact: db
    .select({ address: salonContact.address, email: salonContact.email })
    .from(salonContact)
    .where(eq(salonContact.id, 1))
    .prepare(),
  settings: db
    .select({ notifyBookings: salonSettings.notifyBookings })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1))
    .prepare(),
  reminderMails: db
    .select({ unsubscribedAt: users.unsubscribedAt, unsubscribeToken: users.unsubscribeToken })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
}));

/**
 * Where the customer turns off reminders and review requests in one click (RFC 8058; the link's
 * page and POST: customers/reminder-mails.ts), made with their first such mail; undefined when
 * they have turned them off, and then no such mail is written.
 */
function unsubscribeLinkOf(tx: DbOrTx, config: NotifyConfig, userId: string): string | undefined {
  const state = statementsOf(tx).reminderMails.get({ id: userId });
  if (!state || state.unsubscribedAt) return undefined;
  return `${config.publicUrl}/unsubscribe/${unsubscribeTokenOf(tx, userId, state.unsubscribeToken)}`;
}

/**
 * The secret of the customer's unsubscribe links (reminders and review requests here, the nudges
 * to rebook with `?mails=nudges`: nudges/nudges.ts), made with the first mail that needs it.
 */
export function unsubscribeTokenOf(tx: DbOrTx, userId: string, stored?: string | null): string {
  const token =
    stored === undefined ? (statementsOf(tx).reminderMails.get({ id: userId })?.unsubscribeToken ?? null) : stored;
  if (token !== null) return token;
  const made = generateSecretToken();
  tx.update(users).set({ unsubscribeToken: made }).where(eq(users.id, userId)).run();
  return made;
}

const REMINDER = ['reminder'] as const;

/** A booking about to be deleted for good: the mails still waiting for it are dropped. */
export function dropWaitingBookingMessages(tx: DbOrTx, bookingId: string): void {
  cancelWaitingMessages(
    tx,
    bookingId,
    [
      'reminder',
      'review-request',
      'booking-created',
      'booking-confirmed',
      'booking-rescheduled',
      'booking-cancelled',
      'salon-notice',
    ],
    'The booking was deleted.',
  );
}

/** Names in order, each once: "Anna", "Anna and Maya", "Anna, Leila and Maya". */
const listed = (names: readonly string[]): string => {
  const once = [...new Set(names)];
  return once.length <= 1 ? (once[0] ?? '') : `${once.slice(0, -1).join(', ')} and ${once[once.length - 1] ?? ''}`;
};

/**
 * The booking as its mails tell it, read inside the caller's transaction. A change to a whole visit
 * of several services is told by its first item (its lead): every item, from the first start to
 * the last end, at the total price. A change to one item alone is told as a booking of its own.
 */
function factsOf(tx: DbOrTx, config: NotifyConfig, bookingId: string, wholeVisit = true) {
  const statements = statementsOf(tx);
  const row = statements.booking.get({ id: bookingId });
  if (!row) return undefined;
  // The items that share its fate: the open ones of an open item, the closed ones of a closed one.
  const visit =
    row.visitId === null || !wholeVisit
      ? []
      : visitItems(tx, row.visitId).filter((item) => isOpenStatus(item.status) === isOpenStatus(row.status));
  const several = visit.length > 1 ? visit : undefined;
  const contact = statements.contact.get();
  const lastItem = several?.[several.length - 1];
  const booking: BookingMailFacts = {
    id: bookingId,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    customerEmail: row.email,
    customerPhone: row.phone,
    serviceId: row.serviceId,
    startsAt: row.startsAt.getTime(),
    endsAt: lastItem
      ? lastItem.startsAt.getTime() + (lastItem.durationMinutes + lastItem.processingMinutes) * 60_000
      : row.startsAt.getTime() + row.durationMinutes * 60_000,
    sequence: row.sequence,
    status: row.status,
    salonEmail: contact?.email === '' ? undefined : contact?.email,
    details: {
      firstName: row.firstName,
      serviceName: several ? listed(several.map((item) => item.serviceName)) : row.serviceName,
      specialistName: several ? listed(several.map((item) => item.specialistName)) : row.specialistName,
      day: row.bookingDate,
      time: row.timeSlot,
      price: several ? several.reduce((cents, item) => cents + Math.round(item.price * 100), 0) / 100 : row.price,
      timeZone: config.timezone,
      address: contact?.address,
      ...(several && {
        items: several.map((item) => ({
          serviceName: item.serviceName,
          specialistName: item.specialistName,
          time: item.timeSlot,
        })),
      }),
    },
  };
  // Only the lead of a visit of several writes its mails and its reminder: one of each per visit.
  const lead = several === undefined || several[0]?.id === bookingId;
  return { row, contact, booking, lead };
}

/** The reminder of an open booking, due REMINDER_HOURS before it; none when that moment has passed. */
function armReminder(
  tx: DbOrTx,
  config: NotifyConfig,
  facts: NonNullable<ReturnType<typeof factsOf>>,
  now: Date,
): void {
  const due = isOpenStatus(facts.row.status) ? reminderDueAt(facts.row.startsAt, config.reminderHours, now) : null;
  if (!due) return;
  const unsubscribeLink = unsubscribeLinkOf(tx, config, facts.row.userId);
  if (!unsubscribeLink) return;
  const appointmentsLink = `${config.publicUrl}/my-appointments`;
  enqueueMail(
    tx,
    facts.row.email,
    { template: 'reminder', booking: facts.booking, appointmentsLink, unsubscribeLink },
    { bookingId: facts.booking.id, dueAt: due },
  );
}

/**
 * A visit's one reminder, armed again after any of its items is booked, moved, closed or reopened:
 * on its first open item, listing its open items; none when every item is closed.
 */
function remindVisit(tx: DbOrTx, config: NotifyConfig, visitId: string, now: Date): void {
  const items = visitItems(tx, visitId);
  for (const item of items) cancelWaitingMessages(tx, item.id, [...REMINDER], 'The visit was changed.');
  const lead = items.find((item) => isOpenStatus(item.status));
  const facts = lead && factsOf(tx, config, lead.id);
  if (facts) armReminder(tx, config, facts, now);
}

/** Arms the reminder of every open booking ahead (of one customer, or all) that should have one and has none. */
function armMissingReminders(tx: DbOrTx, config: NotifyConfig, now: Date, userId?: string): number {
  const ids = tx.all<{ id: string }>(sql`SELECT b.id FROM bookings b
    WHERE b.booking_date >= ${todayIn(config.timezone)} AND b.status IN ('pending', 'confirmed')
      AND b.starts_at > ${now.getTime() + reminderLeadMs(config.reminderHours)}
      ${userId === undefined ? sql`` : sql`AND b.user_id = ${userId}`}
      AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.booking_id = b.id AND m.kind = 'reminder' AND m.status <> 'cancelled')
      AND (b.visit_id IS NULL OR b.id = (SELECT v.id FROM bookings v WHERE v.visit_id = b.visit_id AND v.status IN ('pending', 'confirmed') ORDER BY v.starts_at, v.id LIMIT 1))`);
  for (const { id } of ids) {
    const facts = factsOf(tx, config, id);
    if (facts) armReminder(tx, config, facts, now);
  }
  return ids.length;
}

/**
 * The customer turned reminder e-mails on or off (customers/reminder-mails.ts): off, their waiting
 * reminders and review requests are cancelled; on, their open bookings ahead are reminded again.
 */
export function followReminderMails(tx: DbOrTx, config: NotifyConfig, userId: string, on: boolean): void {
  if (on) {
    if (config.reminderHours > 0) armMissingReminders(tx, config, new Date(), userId);
    return;
  }
  cancelWhere(
    tx,
    sql`status = 'pending' AND kind IN ('reminder', 'review-request') AND booking_id IN (SELECT id FROM bookings WHERE user_id = ${userId})`,
    REMINDER_MAILS_OFF,
  );
}

/**
 * Reminders and review requests written before they carried an unsubscribe link get one; those of
 * a customer who turned them off meanwhile are cancelled. Answers how many were cancelled.
 */
/** Cancels the waiting messages `which` selects, keeping no content (nor a forgotten recipient). */
const cancelWhere = (tx: DbOrTx, which: SQL, reason: string): number =>
  tx.run(sql`UPDATE messages SET status = 'cancelled', payload = NULL, last_error = ${reason},
    recipient = CASE WHEN forget_recipient THEN '' ELSE recipient END WHERE ${which}`).changes;

function linkUnsubscribe(tx: DbOrTx, config: NotifyConfig): number {
  const unlinked = tx.all<{
    id: string;
    userId: string;
  }>(sql`SELECT m.id, b.user_id AS userId FROM messages m JOIN bookings b ON b.id = m.booking_id
    WHERE m.status = 'pending' AND m.kind IN ('reminder', 'review-request') AND json_extract(m.payload, '$.unsubscribeLink') IS NULL`);
  let cancelled = 0;
  for (const { id, userId } of unlinked) {
    const link = unsubscribeLinkOf(tx, config, userId);
    if (link === undefined) {
      cancelled += cancelWhere(tx, sql`id = ${id}`, REMINDER_MAILS_OFF);
    } else {
      tx.run(sql`UPDATE messages SET payload = json_set(payload, '$.unsubscribeLink', ${link}) WHERE id = ${id}`);
    }
  }
  return cancelled;
}

/**
 * Brings the reminders in line with REMINDER_HOURS at start. A waiting reminder of a booking ahead
 * moves to the setting's time (or now, when that has passed: it goes out at once), so a changed
 * setting reaches the reminders already armed; with reminders off (0) they are cancelled. Then
 * every open booking that should have one and has none is armed: bookings made before the outbox
 * existed (an upgrade) or before reminders were turned on. Idempotent: a booking made or moved
 * inside the window has none to arm, and any other open booking has its reminder already.
 */
export function alignReminders(db: Db, config: NotifyConfig): { moved: number; cancelled: number; armed: number } {
  const now = new Date();
  const reminderMs = reminderLeadMs(config.reminderHours);
  return db.transaction(
    (tx) => {
      // Driven from the waiting reminders (a few per open booking ahead), each booking looked up
      // by its id: an IN list of bookings read the whole table at every start.
      const reminderOf = (begun: boolean) =>
        sql`kind = 'reminder' AND status = 'pending' AND EXISTS (SELECT 1 FROM bookings WHERE bookings.id = messages.booking_id AND ${sql.raw(begun ? 'bookings.starts_at <=' : 'bookings.starts_at >')} ${now.getTime()})`;
      const waiting = reminderOf(false);
      // A booking that began while the server was down is not reminded of any more.
      let cancelled = cancelWhere(tx, reminderOf(true), 'The booking has begun.');
      cancelled += linkUnsubscribe(tx, config);
      if (config.reminderHours <= 0) {
        cancelled += cancelWhere(tx, waiting, 'Reminders are turned off.');
        return { moved: 0, cancelled, armed: 0 };
      }
      // A reminder waiting to be tried again after a failed send keeps its wait (attempts > 0).
      const moved = tx.run(sql`UPDATE messages
        SET due_at = max(${now.getTime()}, (SELECT starts_at FROM bookings WHERE bookings.id = messages.booking_id) - ${reminderMs})
        WHERE ${waiting} AND attempts = 0
          AND due_at <> max(${now.getTime()}, (SELECT starts_at FROM bookings WHERE bookings.id = messages.booking_id) - ${reminderMs})`).changes;
      return { moved, cancelled, armed: armMissingReminders(tx, config, now) };
    },
    { behavior: 'immediate' },
  );
}

/** Writes the messages `event` causes for booking `bookingId`; runs inside the event's transaction. */
export function recordBookingMessages(tx: DbOrTx, config: NotifyConfig, bookingId: string, event: BookingEvent): void {
  if (event.type === 'status' && event.previous === event.next) return;
  const facts = factsOf(tx, config, bookingId, event.wholeVisit === true);
  if (!facts) return;
  if (facts.lead) recordBookingMails(tx, config, bookingId, event, facts);
  recordBookingWebhooks(tx, bookingId, event);
}

/** The mails and the reminder a change to a booking (or the lead of a visit) sends. */
function recordBookingMails(
  tx: DbOrTx,
  config: NotifyConfig,
  bookingId: string,
  event: BookingEvent,
  facts: NonNullable<ReturnType<typeof factsOf>>,
): void {
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
  if (change && event.quiet !== true) enqueueMail(tx, row.email, { template: 'booking', change, booking }, about);

  // The reminder: armed for the booking's time whenever that time is set or the booking reopens,
  // dropped when it closes.
  const timeSet = event.type !== 'status';
  const opened = event.type === 'status' && !isOpenStatus(event.previous) && isOpenStatus(event.next);
  const closed = event.type === 'status' && isOpenStatus(event.previous) && !isOpenStatus(event.next);
  if (timeSet || opened || closed) {
    if (row.visitId !== null) remindVisit(tx, config, row.visitId, now);
    else {
      // A new booking has no reminder yet.
      if (event.type !== 'created')
        cancelWaitingMessages(
          tx,
          bookingId,
          [...REMINDER],
          closed ? `The booking is ${row.status}.` : 'The booking was moved.',
        );
      armReminder(tx, config, facts, now);
    }
  }

  // The review request, once per booking, a while after it is completed and over (none for a
  // customer who turned reminder e-mails off).
  const completed = event.type === 'status' && event.next === 'completed' && event.previous !== 'completed';
  const unsubscribeLink =
    completed && config.reviewRequestHours > 0 ? unsubscribeLinkOf(tx, config, row.userId) : undefined;
  if (unsubscribeLink) {
    const reviewLink = `${config.publicUrl}/service?review=${encodeURIComponent(row.serviceId)}#review`;
    enqueueMail(
      tx,
      row.email,
      { template: 'review-request', booking, reviewLink, unsubscribeLink },
      {
        ...about,
        dueAt: reviewRequestDueAt(new Date(booking.endsAt), config.reviewRequestHours, now),
        dedupeKey: `review-request:${bookingId}`,
      },
    );
  }

  // The salon's copy of a new, moved or cancelled booking.
  const salonChange =
    event.type === 'status' ? (closed && event.next === 'cancelled' ? 'cancelled' : null) : event.type;
  if (
    salonChange &&
    event.quiet !== true &&
    contact?.email &&
    (statementsOf(tx).settings.get()?.notifyBookings ?? true)
  ) {
    const calendarLink = `${config.publicUrl}/admin/calendar?date=${row.bookingDate}`;
    enqueueMail(tx, contact.email, { template: 'salon-notice', change: salonChange, booking, calendarLink }, about);
  }
}

/** The webhook events of a change: every item of a visit is a booking of its own to the API. */
function recordBookingWebhooks(tx: DbOrTx, bookingId: string, event: BookingEvent): void {
  // The booking as the API answers it.
  const asAnswered = () => getBooking(tx, bookingId);
  if (event.type === 'created') enqueueWebhookEvent(tx, 'booking.created', asAnswered, bookingId);
  if (event.type === 'rescheduled') enqueueWebhookEvent(tx, 'booking.rescheduled', asAnswered, bookingId);
  if (event.type === 'status') {
    enqueueWebhookEvent(
      tx,
      'booking.status_changed',
      () => ({ ...getBooking(tx, bookingId), previousStatus: event.previous }),
      bookingId,
    );
    if (event.next === 'cancelled') enqueueWebhookEvent(tx, 'booking.cancelled', asAnswered, bookingId);
  }
}
