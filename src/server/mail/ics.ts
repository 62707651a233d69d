// A calendar invitation (iCalendar, RFC 5545, with the iTIP method of RFC 5546) for one booking:
// small enough to write here rather than pull in a package.

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  /** Globally unique and stable: a later CANCEL with the same UID removes the event. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | undefined;
  description?: string | undefined;
  organizer?: CalendarPerson | undefined;
  attendee?: CalendarPerson | undefined;
  /** REQUEST adds the event to a calendar; CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
  /** A REQUEST for a booking the salon has not confirmed yet: STATUS:TENTATIVE instead of CONFIRMED. */
  tentative?: boolean;
  /** Raised with each change of the same event (the CANCEL after a REQUEST). Default 0. */
  sequence?: number;
  /** When the invitation was made. Default: now. */
  stamp?: Date;
  /** The product that made it, for PRODID. */
  productName: string;
}

/** `YYYYMMDDTHHMMSSZ`: a UTC date-time, whole seconds. */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * The UID of a booking's calendar event: the same in the customer's invitations and in the
 * calendar feeds, and never changed by a move (calendar apps update the event they already have).
 */
export const bookingEventUid = (bookingId: string): string => `${bookingId}@salon`;

/** The text without control characters (a tab or a stray NUL would break a content line). */
const withoutControls = (value: string): string => value.replace(/\p{Cc}/gu, '');

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, other control characters dropped. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .split(/\r\n|\r|\n/)
    .map(withoutControls)
    .join('\\n');
}

/** A parameter value (CN=...): quoted, since names may hold `:`, `;` or `,`; a quote cannot be escaped, so it goes. */
function paramValue(value: string): string {
  return `"${withoutControls(value).replace(/"/g, '')}"`;
}

/** The UTF-8 length of one code point. */
const utf8Octets = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds a content line into lines of at most 75 octets, each continuation starting with a space,
 * never inside a multi-byte UTF-8 character.
 */
export function foldLine(line: string): string {
  // Most lines are short ASCII: nothing to fold (a booking's mail builds a dozen of them).
  if (line.length <= 75 && !/[^\x20-\x7e]/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const person = (role: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson, extra = '') =>
  `${role};CN=${paramValue(who.name)}${extra}:mailto:${withoutControls(who.email).replace(/\s/g, '')}`;

/** The `.ics` text of one event, with CRLF line endings as RFC 5545 requires. */
export function calendarInvite(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${withoutControls(event.productName).replace(/\//g, ' ')}//Booking//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp ?? new Date())}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : event.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendee ? [person('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;RSVP=FALSE')] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
