import { describe, expect, it } from 'vitest';
import { instantAt } from './calendar';
import { availableSlots, weekdayOf, type SlotQuery } from './slots';

const ZONE = 'Asia/Kolkata';
const base = (overrides: Partial<SlotQuery> = {}): SlotQuery => ({
  day: '2026-12-01', // a Tuesday
  timeZone: ZONE,
  stepMinutes: 30,
  now: new Date('2026-11-30T12:00:00Z'),
  specialist: { ranges: [{ from: '09:00', to: '12:00' }], offersService: true },
  service: { durationMinutes: 60, bufferMinutes: 0 },
  busy: [],
  ...overrides,
});
const booked = (day: string, time: string, minutes: number, zone = ZONE) => {
  const startsAt = instantAt(day, time, zone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
};

describe('free slots', () => {
  it('offers every grid start from which the service ends by closing time', () => {
    expect(availableSlots(base())).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('follows the step and counts the buffer after the service', () => {
    expect(availableSlots(base({ stepMinutes: 45 }))).toEqual(['09:00', '09:45', '10:30']);
    expect(availableSlots(base({ service: { durationMinutes: 60, bufferMinutes: 30 } }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
  });

  it('offers nothing on a day off, for a service the specialist does not offer, or in the past', () => {
    expect(availableSlots(base({ specialist: { ranges: [], offersService: true } }))).toEqual([]);
    expect(availableSlots(base({ specialist: { ...base().specialist, offersService: false } }))).toEqual([]);
    expect(availableSlots(base({ day: '2026-11-24', now: new Date('2026-11-30T12:00:00Z') }))).toEqual([]);
  });

  it('keeps only starts still ahead today', () => {
    // 10:15 in Kolkata.
    expect(availableSlots(base({ now: instantAt('2026-12-01', '10:15', ZONE) }))).toEqual(['10:30', '11:00']);
  });

  it('offers nothing past the booking horizon', () => {
    // 64 days after "now".
    expect(availableSlots(base({ day: '2027-02-02' }))).toEqual([]);
    expect(availableSlots(base({ day: '2027-02-02', horizonDays: 90 }))).not.toEqual([]);
  });

  it("leaves out starts that overlap a booking, using that booking's own length", () => {
    expect(availableSlots(base({ busy: [booked('2026-12-01', '10:00', 90)] }))).toEqual(['09:00']);
    expect(availableSlots(base({ busy: [booked('2026-12-01', '09:00', 30)] }))).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it('counts the hours a spring-forward day really has', () => {
    // Paris, 29 March 2026: 02:00 jumps to 03:00, so 02:00 and 02:30 do not exist, and a
    // 60-minute service from 01:30 ends at 03:30 on the clock.
    const query = base({
      day: '2026-03-29',
      timeZone: 'Europe/Paris',
      now: new Date('2026-03-01T00:00:00Z'),
      specialist: { ranges: [{ from: '01:00', to: '04:00' }], offersService: true },
    });
    expect(availableSlots(query)).toEqual(['01:00', '01:30', '03:00']);
  });

  it('reads a repeated wall-clock time on a fall-back day as its second occurrence', () => {
    // Paris, 25 October 2026: 03:00 falls back to 02:00, so 02:00-02:59 happen twice; "02:00"
    // means the later one (standard time), and a 60-minute service from 02:30 would end at 03:30.
    const query = base({
      day: '2026-10-25',
      timeZone: 'Europe/Paris',
      now: new Date('2026-10-01T00:00:00Z'),
      specialist: { ranges: [{ from: '01:00', to: '03:00' }], offersService: true },
    });
    expect(availableSlots(query)).toEqual(['01:00', '01:30', '02:00']);
  });

  it("keeps a Berlin specialist's day honest across the spring change: the hours are the clock's", () => {
    // Berlin, 29 March 2026: a 09:00-12:00 day is unaffected; the instants move by an hour against UTC.
    const query = base({
      day: '2026-03-29',
      timeZone: 'Europe/Berlin',
      now: new Date('2026-03-28T12:00:00Z'),
      specialist: { ranges: [{ from: '09:00', to: '12:00' }], offersService: true },
      busy: [booked('2026-03-29', '10:00', 60, 'Europe/Berlin')],
    });
    expect(availableSlots(query)).toEqual(['09:00', '11:00']);
    // The day before, 10:00 in Berlin was 09:00 UTC; on the day it is 08:00 UTC.
    expect(instantAt('2026-03-29', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('names weekdays of calendar days', () => {
    expect(weekdayOf('2026-12-01')).toBe('Tuesday');
    expect(weekdayOf('2026-11-29')).toBe('Sunday');
  });
});
