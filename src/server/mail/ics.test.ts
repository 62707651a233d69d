import { describe, expect, it } from 'vitest';
import { calendarInvite, escapeIcsText, foldLine, icsDateTime } from './ics';

const event = {
  method: 'REQUEST' as const,
  uid: '65a1b2c3d4e5f60718293a4b@salon',
  start: new Date('2026-12-01T04:30:00.000Z'),
  end: new Date('2026-12-01T05:15:00.000Z'),
  stamp: new Date('2026-11-21T10:00:00.000Z'),
  summary: 'Classic Manicure with Maya Chen at Rose Beauty Salon',
  location: '12 Rose Street, Bandra West, Mumbai 400050',
  organizer: { name: 'Rose Beauty Salon', email: 'hello@salon.test' },
  attendee: { name: 'Clara Demo', email: 'customer@salon.test' },
  productName: 'Rose Beauty Salon',
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('calendar invitations', () => {
  it('writes UTC date-times as YYYYMMDDTHHMMSSZ', () => {
    expect(icsDateTime(new Date('2026-12-01T04:30:00.000Z'))).toBe('20261201T043000Z');
    expect(icsDateTime(new Date('2027-01-09T23:05:59.987Z'))).toBe('20270109T230559Z');
  });

  it('makes one VEVENT with the booking UID, start, end, summary and location, every line ending in CRLF', () => {
    const ics = calendarInvite(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:65a1b2c3d4e5f60718293a4b@salon');
    expect(lines).toContain('DTSTART:20261201T043000Z');
    expect(lines).toContain('DTEND:20261201T051500Z');
    expect(lines).toContain('DTSTAMP:20261121T100000Z');
    expect(lines).toContain('SUMMARY:Classic Manicure with Maya Chen at Rose Beauty Salon');
    expect(lines).toContain('LOCATION:12 Rose Street\\, Bandra West\\, Mumbai 400050');
    expect(lines).toContain('ORGANIZER;CN="Rose Beauty Salon":mailto:hello@salon.test');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, and drops control characters', () => {
    expect(escapeIcsText('Cut; wash, dry\\style\r\nnext line\tend\x00')).toBe(
      'Cut\\; wash\\, dry\\\\style\\nnext lineend',
    );
    const ics = unfold(calendarInvite({ ...event, summary: 'A;B,C\nD' }));
    expect(ics).toContain('SUMMARY:A\\;B\\,C\\nD\r\n');
  });

  it('keeps a name with quotes or separators from breaking the ORGANIZER and ATTENDEE lines', () => {
    const ics = unfold(
      calendarInvite({ ...event, attendee: { name: 'Ana "Ace": Smith; Jr', email: 'ana@example.com' } }),
    );
    expect(ics).toContain(
      'ATTENDEE;CN="Ana Ace: Smith; Jr";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ana@example.com\r\n',
    );
  });

  it('folds long lines at 75 octets without splitting a multi-byte character', () => {
    const long = `SUMMARY:${'Soin du visage à l’huile précieuse '.repeat(6)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('cancels the same event with a later sequence', () => {
    const lines = unfold(calendarInvite({ ...event, method: 'CANCEL', sequence: 1 })).split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('UID:65a1b2c3d4e5f60718293a4b@salon');
  });

  it('says TENTATIVE for a booking the salon has not confirmed, CONFIRMED once it has', () => {
    expect(unfold(calendarInvite({ ...event, tentative: true })).split('\r\n')).toContain('STATUS:TENTATIVE');
    expect(unfold(calendarInvite(event)).split('\r\n')).toContain('STATUS:CONFIRMED');
  });
});
