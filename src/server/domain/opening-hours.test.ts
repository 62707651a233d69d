import { describe, expect, it } from 'vitest';
import { fitsOpeningHours, openingHoursRefusal, spanOfRanges, withinOpeningHours } from './opening-hours';
import { availableSlots } from './slots';
import { instantAt } from './calendar';

const ZONE = 'Asia/Kolkata';
const DAY = '2031-03-10'; // a Monday, far ahead of any test's clock
const NOW = instantAt('2031-03-01', '12:00', ZONE);

/** The slots of a day for a 60-minute service, on a 30-minute grid, nothing busy. */
const slotsFor = (ranges: readonly { from: string; to: string }[]) =>
  availableSlots({
    day: DAY,
    timeZone: ZONE,
    stepMinutes: 30,
    now: NOW,
    specialist: { ranges, offersService: true },
    service: { durationMinutes: 60, bufferMinutes: 0 },
    busy: [],
    horizonDays: 10_000,
  });

describe("opening hours limit the specialists' hours", () => {
  it('leaves a specialist working 8:00–21:00 only 9:00–20:00 minus the service on a day the salon opens 9:00–20:00', () => {
    const ranges = withinOpeningHours([{ from: '08:00', to: '21:00' }], [{ from: '09:00', to: '20:00' }]);
    expect(ranges).toEqual([{ from: '09:00', to: '20:00' }]);
    const slots = slotsFor(ranges);
    expect(slots[0]).toBe('09:00');
    expect(slots.at(-1)).toBe('19:00');
    expect(slots).not.toContain('08:30');
    expect(slots).not.toContain('19:30');
  });

  it('gives a specialist who works on a day the salon is closed no time at all', () => {
    expect(withinOpeningHours([{ from: '10:00', to: '19:00' }], [])).toEqual([]);
    expect(slotsFor(withinOpeningHours([{ from: '10:00', to: '19:00' }], []))).toEqual([]);
  });

  it("keeps a specialist's break, and their later start, inside the opening hours", () => {
    const working = [
      { from: '10:00', to: '13:30' },
      { from: '14:30', to: '22:00' },
    ];
    expect(withinOpeningHours(working, [{ from: '09:00', to: '20:00' }])).toEqual([
      { from: '10:00', to: '13:30' },
      { from: '14:30', to: '20:00' },
    ]);
  });

  it('limits nothing on a weekday whose opening hours were never set', () => {
    const working = [{ from: '07:00', to: '23:00' }];
    expect(withinOpeningHours(working, undefined)).toBe(working);
    expect(fitsOpeningHours(undefined, '22:00', 60)).toBe(true);
  });
});

describe('a booking outside the opening hours', () => {
  const open = [{ from: '09:00', to: '20:00' }];

  it('fits from opening time until the service ends at closing time, not a minute later', () => {
    expect(fitsOpeningHours(open, '09:00', 60)).toBe(true);
    expect(fitsOpeningHours(open, '19:00', 60)).toBe(true);
    expect(fitsOpeningHours(open, '19:30', 60)).toBe(false);
    expect(fitsOpeningHours(open, '08:30', 30)).toBe(false);
  });

  it("is refused with the day's hours, or as a closed day", () => {
    expect(openingHoursRefusal('Monday', open, '10:00', 45)).toBeNull();
    expect(openingHoursRefusal('Monday', open, '08:30', 45)).toBe(
      "This time is outside the salon's opening hours (Mondays 9:00 AM – 8:00 PM). Please choose another time.",
    );
    expect(openingHoursRefusal('Sunday', [], '11:00', 45)).toBe(
      'The salon is closed on Sundays. Please choose another day.',
    );
    expect(openingHoursRefusal('Sunday', undefined, '03:00', 45)).toBeNull();
  });
});

describe('the opening hours before the admin sets them', () => {
  it("span the earliest start to the latest end of the specialists' hours, and are closed when nobody works", () => {
    expect(
      spanOfRanges([
        { from: '10:00', to: '13:30' },
        { from: '09:00', to: '18:00' },
        { from: '14:30', to: '20:00' },
      ]),
    ).toEqual([{ from: '09:00', to: '20:00' }]);
    expect(spanOfRanges([])).toEqual([]);
  });
});
