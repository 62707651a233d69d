// The e-mails about a booking: the confirmation with a calendar invitation when it is made, and a
// word when it is confirmed or cancelled. A mail that cannot be sent never undoes the booking or
// its change: the failure is logged and the caller answers success.
import { eq, sql } from 'drizzle-orm';
import { SALON_NAME } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings, salonContact } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import type { Config } from '@/server/env';
import { calendarInvite } from '@/server/mail/ics';
import type { Mailer, MailMessage } from '@/server/mail/mailer';
import type { BookingChange } from '@/server/domain/bookings';
import { bookingConfirmationMail, bookingStatusMail, type BookingMailDetails } from '@/server/mail/templates';

interface BookingFacts {
  details: BookingMailDetails;
  id: string;
  to: string;
  customerName: string;
  start: Date;
  /** The end of the service itself (the buffer after it is the salon's, not the customer's). */
  end: Date;
  salonEmail: string | undefined;
  /** The invitation's SEQUENCE: raised by every reschedule. */
  sequence: number;
}

/** Read after every booking made: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  booking: db
    .select({
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      email: bookings.email,
      serviceName: bookings.serviceName,
      servicePrice: bookings.servicePrice,
      durationMinutes: bookings.durationMinutes,
      specialistName: bookings.specialistName,
      bookingDate: bookings.bookingDate,
      timeSlot: bookings.timeSlot,
      startsAt: bookings.startsAt,
      sequence: bookings.sequence,
    })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')))
    .prepare(),
  contact: db.select({ address: salonContact.address, email: salonContact.email }).from(salonContact).where(eq(salonContact.id, 1)).prepare(),
}));

function bookingFacts(db: DbOrTx, config: Pick<Config, 'timezone'>, bookingId: string): BookingFacts | undefined {
  const statements = statementsOf(db);
  const row = statements.booking.get({ id: bookingId });
  if (!row) return undefined;
  const contact = statements.contact.get();
  return {
    id: bookingId,
    to: row.email,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    start: row.startsAt,
    end: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
    salonEmail: contact?.email,
    sequence: row.sequence,
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
}

/**
 * The booking as a calendar event: REQUEST adds it or, with a higher SEQUENCE after a reschedule,
 * updates it; CANCEL (same UID, a sequence above the last REQUEST's) removes it.
 */
function invitation(facts: BookingFacts, method: 'REQUEST' | 'CANCEL'): NonNullable<MailMessage['attachments']>[number] {
  const content = calendarInvite({
    method,
    sequence: method === 'CANCEL' ? facts.sequence + 1 : facts.sequence,
    uid: `${facts.id}@salon`,
    start: facts.start,
    end: facts.end,
    summary: `${facts.details.serviceName} with ${facts.details.specialistName} at ${SALON_NAME}`,
    location: facts.details.address ?? SALON_NAME,
    description: `${facts.details.serviceName} with ${facts.details.specialistName}.`,
    organizer: facts.salonEmail ? { name: SALON_NAME, email: facts.salonEmail } : undefined,
    attendee: { name: facts.customerName, email: facts.to },
    productName: SALON_NAME,
  });
  return {
    filename: method === 'CANCEL' ? 'cancelled-booking.ics' : 'booking.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

async function sendQuietly(mailer: Mailer, message: MailMessage): Promise<void> {
  // A customer the salon booked by phone without an e-mail hears nothing by mail.
  if (message.to === '') return;
  try {
    await mailer.send(message);
  } catch (error) {
    // The booking or its change is saved already; the customer still sees it on the website.
    console.error(`Booking mail "${message.subject}" to ${message.to} could not be sent:`, error);
  }
}

export interface NotifyContext {
  db: DbOrTx;
  config: Pick<Config, 'timezone'>;
  mailer: Mailer;
}

/** Mails sent after the answer went out, by mailer, so closing the app can wait for them. */
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Sends a booking mail without keeping the customer waiting: the booking is saved already, and
 * writing the message (SMTP or the outbox) costs more than the booking itself. The facts are read
 * from the database before this returns; a failure is logged, as for any booking mail.
 */
export function sendInBackground(ctx: NotifyContext, send: (ctx: NotifyContext) => Promise<void>): void {
  let pending = inFlight.get(ctx.mailer);
  if (!pending) {
    pending = new Set();
    inFlight.set(ctx.mailer, pending);
  }
  const sending = send(ctx).finally(() => pending.delete(sending));
  pending.add(sending);
}

/** Resolves when every mail sent in the background through this mailer has gone (or failed). */
export async function backgroundMailSent(mailer: Mailer): Promise<void> {
  await Promise.all([...(inFlight.get(mailer) ?? [])]);
}

/** The confirmation of a new booking, with its calendar invitation. */
export async function sendBookingConfirmation(ctx: NotifyContext, bookingId: string): Promise<void> {
  const facts = bookingFacts(ctx.db, ctx.config, bookingId);
  if (!facts) return;
  await sendQuietly(ctx.mailer, {
    to: facts.to,
    ...bookingConfirmationMail(facts.details),
    attachments: [invitation(facts, 'REQUEST')],
  });
}

/**
 * A confirmed, moved or cancelled booking: a move carries the updated invitation, a cancellation
 * the invitation's cancellation.
 */
export async function sendBookingChange(ctx: NotifyContext, bookingId: string, change: BookingChange): Promise<void> {
  const facts = bookingFacts(ctx.db, ctx.config, bookingId);
  if (!facts) return;
  await sendQuietly(ctx.mailer, {
    to: facts.to,
    ...bookingStatusMail(facts.details, change),
    ...(change === 'confirmed' ? {} : { attachments: [invitation(facts, change === 'rescheduled' ? 'REQUEST' : 'CANCEL')] }),
  });
}
