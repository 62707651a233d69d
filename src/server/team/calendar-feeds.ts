// Private calendar feeds: each specialist's bookings, and the whole salon's for the owner, as an
// iCalendar document at a secret address (`/calendar/<token>.ics`) that Google Calendar, Apple
// Calendar and Outlook subscribe to. Whoever has the address reads the feed, so it tells no more
// than a specialist needs on their phone's calendar: the service and the customer's first name,
// never a phone, an e-mail or the salon's notes. A new address replaces the old one at once.
//
// The token is kept as it is, not hashed like a session's: the back office shows the address
// again. It is 160 random bits, looked up through a unique index.
import { and, asc, eq, gte, isNull, lt, lte, ne } from 'drizzle-orm';
import { SALON_NAME, TOKEN_MAX_LENGTH } from '@/shared/constants';
import type { CalendarFeed } from '@/shared/schemas/calendar-feeds';
import { ownSpecialistOf } from '@/server/auth/staff-scope';
import { FORMER_CUSTOMER_BOOKING } from '@/server/bookings/commands';
import { generateSecretToken } from '@/server/auth/tokens';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { bookings, calendarFeeds, specialists } from '@/server/db/schema';
import { addCalendarDays, calendarDay } from '@/server/domain/calendar';
import type { Config } from '@/server/env';
import { Forbidden } from '@/server/errors';
import { bookingEventUid, escapeIcsText, foldLine, icsDateTime } from '@/server/mail/ics';
import type { SignedIn } from '@/server/trpc/context';
import { specialistOrNotFound } from '@/server/calendar/schedules';

/** The scope of the whole salon's feed; a specialist's feed has the specialist's id as its scope. */
export const SALON_SCOPE = 'salon';

/** The bookings a feed holds: those starting from this many days ago … */
export const FEED_DAYS_BACK = 30;
/** … up to this many days ahead. */
export const FEED_DAYS_AHEAD = 60;

const DAY_MS = 24 * 60 * 60_000;

type FeedConfig = Pick<Config, 'publicUrl' | 'timezone'>;
type Staff = Pick<SignedIn, 'role' | 'specialistId'>;

const scopeOf = (specialistId: string | null): string => specialistId ?? SALON_SCOPE;

const tokenOfScope = (db: DbOrTx, scope: string): string | undefined =>
  db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.scope, scope)).get()?.token;

/**
 * The feed's token of a specialist (null: the salon), made on the first ask. Two first asks at once
 * get the same token: the unique scope makes the second insert do nothing, and both read the row.
 */
export function feedTokenOf(db: DbOrTx, specialistId: string | null): string {
  const scope = scopeOf(specialistId);
  const existing = tokenOfScope(db, scope);
  if (existing !== undefined) return existing;
  db.insert(calendarFeeds)
    .values({ id: newId(), scope, specialistId, token: generateSecretToken() })
    .onConflictDoNothing({ target: calendarFeeds.scope })
    .run();
  const token = tokenOfScope(db, scope);
  if (token === undefined) throw new Error(`calendar feed ${scope} was neither found nor made`);
  return token;
}

/** A new token for the feed (made if it had none): the old address answers 404 from now on. */
export function replaceFeedToken(db: DbOrTx, specialistId: string | null): string {
  const token = generateSecretToken();
  db.insert(calendarFeeds)
    .values({ id: newId(), scope: scopeOf(specialistId), specialistId, token })
    .onConflictDoUpdate({ target: calendarFeeds.scope, set: { token, createdAt: new Date() } })
    .run();
  return token;
}

/** The address calendar apps subscribe to. */
export const feedUrl = (config: Pick<Config, 'publicUrl'>, token: string): string =>
  `${config.publicUrl}/calendar/${token}.ics`;

const feedView = (config: FeedConfig, specialistId: string | null, name: string, token: string): CalendarFeed => ({
  scope: scopeOf(specialistId),
  specialistId,
  name,
  url: feedUrl(config, token),
});

/** The owner's list: the salon's feed, then each live specialist's by name (made on first sight). */
export function listFeeds(db: Db, config: FeedConfig): CalendarFeed[] {
  const live = db
    .select({ id: specialists.id, name: specialists.name })
    .from(specialists)
    .where(isNull(specialists.deletedAt))
    .orderBy(asc(specialists.name))
    .all();
  const tokens = () =>
    new Map(
      db
        .select({ scope: calendarFeeds.scope, token: calendarFeeds.token })
        .from(calendarFeeds)
        .all()
        .map((row) => [row.scope, row.token]),
    );
  let known = tokens();
  const wanted: (string | null)[] = [null, ...live.map((specialist) => specialist.id)];
  if (wanted.some((specialistId) => !known.has(scopeOf(specialistId)))) {
    // One write transaction for all the feeds made on first sight.
    db.transaction(
      (tx) => {
        for (const specialistId of wanted) feedTokenOf(tx, specialistId);
      },
      { behavior: 'immediate' },
    );
    known = tokens();
  }
  const tokenOf = (specialistId: string | null): string => {
    const token = known.get(scopeOf(specialistId));
    if (token === undefined) throw new Error(`calendar feed ${scopeOf(specialistId)} is missing`);
    return token;
  };
  return [
    feedView(config, null, SALON_NAME, tokenOf(null)),
    ...live.map((specialist) => feedView(config, specialist.id, specialist.name, tokenOf(specialist.id))),
  ];
}

/** The signed-in specialist's own feed (My day). */
export function ownFeed(db: DbOrTx, config: FeedConfig, staff: Staff): CalendarFeed {
  const specialistId = ownSpecialistOf(staff);
  if (specialistId === undefined) throw new Forbidden('Only a specialist’s account has a calendar feed of its own.');
  const specialist = specialistOrNotFound(db, specialistId);
  return feedView(config, specialist.id, specialist.name, feedTokenOf(db, specialist.id));
}

/**
 * A new address for a feed: the owner's for any, a specialist's for their own only (FORBIDDEN
 * otherwise); the salon's feed (null) is the owner's alone.
 */
export function regenerateFeed(
  db: DbOrTx,
  config: FeedConfig,
  staff: Staff,
  specialistId: string | null,
): CalendarFeed {
  if (specialistId === null) {
    if (staff.role !== 'owner') throw new Forbidden('Only the owner can change the salon’s calendar feed address.');
    return feedView(config, null, SALON_NAME, replaceFeedToken(db, null));
  }
  const own = ownSpecialistOf(staff);
  if (own !== undefined && own !== specialistId) {
    throw new Forbidden('Specialists can change their own calendar feed address only.');
  }
  const specialist = specialistOrNotFound(db, specialistId);
  return feedView(config, specialist.id, specialist.name, replaceFeedToken(db, specialist.id));
}

/** The feed a token opens: the salon's, or a live specialist's; undefined for an unknown or replaced token. */
export function feedOfToken(db: DbOrTx, token: string): { specialistId: string | null; name: string } | undefined {
  if (token.length === 0 || token.length > TOKEN_MAX_LENGTH) return undefined;
  const feed = db
    .select({ specialistId: calendarFeeds.specialistId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .get();
  if (!feed) return undefined;
  if (feed.specialistId === null) return { specialistId: null, name: SALON_NAME };
  // A removed specialist's feed stops with them.
  const specialist = db
    .select({ name: specialists.name })
    .from(specialists)
    .where(and(eq(specialists.id, feed.specialistId), isNull(specialists.deletedAt)))
    .get();
  return specialist ? { specialistId: feed.specialistId, name: specialist.name } : undefined;
}

/** One VEVENT's facts: what the feed may tell of a booking, and no more. */
interface FeedEvent {
  id: string;
  firstName: string;
  /** Read only to tell a deleted account's booking ("Former customer"); never shown. */
  lastName: string;
  serviceName: string;
  specialistName: string;
  startsAt: Date;
  durationMinutes: number;
  status: string;
  sequence: number;
  updatedAt: Date;
}

/**
 * The bookings of the feed's window that are not cancelled, earliest first: one per booking row,
 * so a visit of several services is one event per item.
 */
function feedEvents(db: DbOrTx, timeZone: string, specialistId: string | null, now: Date): FeedEvent[] {
  const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS);
  return db
    .select({
      id: bookings.id,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      serviceName: bookings.serviceName,
      specialistName: bookings.specialistName,
      startsAt: bookings.startsAt,
      durationMinutes: bookings.durationMinutes,
      status: bookings.status,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        specialistId === null ? undefined : eq(bookings.specialistId, specialistId),
        // The salon days around the window, so the day indexes narrow the read; the instants decide.
        gte(bookings.bookingDate, addCalendarDays(calendarDay(from, timeZone), -1)),
        lte(bookings.bookingDate, addCalendarDays(calendarDay(to, timeZone), 1)),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all();
}

/** `Balayage – Emma`, with the specialist in the salon's feed: `Balayage – Emma (Leila Haddad)`. */
function summaryOf(event: FeedEvent, withSpecialist: boolean): string {
  // A deleted account's bookings say who booked them no more ("Former customer"): no name at all.
  const former =
    event.firstName === FORMER_CUSTOMER_BOOKING.firstName && event.lastName === FORMER_CUSTOMER_BOOKING.lastName;
  const firstName = former ? '' : event.firstName.trim();
  const title = firstName === '' ? event.serviceName : `${event.serviceName} – ${firstName}`;
  return withSpecialist ? `${title} (${event.specialistName})` : title;
}

/**
 * The feed as an iCalendar document (RFC 5545, CRLF line ends). Times are UTC; the calendar names
 * the salon's time zone for apps that show it. An event keeps its UID when the booking moves, and
 * its SEQUENCE rises, so a subscribed calendar updates the event it has. An event lasts the service
 * itself: the specialist is free during a processing time.
 */
export function feedCalendar(
  db: DbOrTx,
  config: Pick<Config, 'timezone'>,
  feed: { specialistId: string | null; name: string },
  now: Date = new Date(),
): string {
  const salonFeed = feed.specialistId === null;
  const stamp = icsDateTime(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SALON_NAME}//Calendar feed//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(salonFeed ? SALON_NAME : `${SALON_NAME} – ${feed.name}`)}`,
    `X-WR-TIMEZONE:${escapeIcsText(config.timezone)}`,
    // How often to look again, for the apps that listen (Google Calendar keeps its own pace).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const event of feedEvents(db, config.timezone, feed.specialistId, now)) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${bookingEventUid(event.id)}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${icsDateTime(event.updatedAt)}`,
      `DTSTART:${icsDateTime(event.startsAt)}`,
      `DTEND:${icsDateTime(new Date(event.startsAt.getTime() + event.durationMinutes * 60_000))}`,
      `SEQUENCE:${String(event.sequence)}`,
      `STATUS:${event.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED'}`,
      `SUMMARY:${escapeIcsText(summaryOf(event, salonFeed))}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The document a feed address answers, or undefined for an unknown or replaced token. */
export function calendarOfToken(db: DbOrTx, config: Pick<Config, 'timezone'>, token: string): string | undefined {
  const feed = feedOfToken(db, token);
  return feed ? feedCalendar(db, config, feed) : undefined;
}
