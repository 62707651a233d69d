import { describe, expect, it } from 'vitest';
import { instantAt } from './calendar';
import {
  cancellationRate,
  figuresOf,
  fromCents,
  instantsIn,
  scheduleDays,
  scheduledMinutes,
  utilisation,
} from './reports';
import type { WeeklySchedule } from './schedule';

const nineToSixWithLunch: WeeklySchedule = {
  fallback: { from: '09:00', to: '18:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
  week: {
    Wednesday: [
      { from: '09:00', to: '13:00' },
      { from: '14:00', to: '18:00' },
    ],
    Friday: [],
  },
};

describe('report arithmetic', () => {
  it('sums money in cents, so tenths of cents never drift', () => {
    const rows = Array.from({ length: 10 }, () => ({
      status: 'completed' as const,
      bookings: 1,
      cents: 10,
      minutes: 30,
    }));
    const figures = figuresOf([
      ...rows,
      { status: 'cancelled', bookings: 2, cents: 5000, minutes: 90 },
      { status: 'pending', bookings: 1, cents: 2250, minutes: 45 },
    ]);
    expect(fromCents(figures.takingsCents)).toBe(1);
    expect(fromCents(figures.aheadCents)).toBe(22.5);
    expect(figures).toMatchObject({
      count: 11,
      minutes: 345,
      byStatus: { completed: 10, cancelled: 2, pending: 1, confirmed: 0 },
    });
    expect(cancellationRate(figures.byStatus)).toBe(0.1538);
    expect(cancellationRate(figuresOf([]).byStatus)).toBe(0);
  });

  it('counts scheduled minutes without breaks, days off, closed days and time off', () => {
    // 2026-11-30 is a Monday: Mon 540, Tue 540, Wed 480 (lunch), Thu closed, Fri off, Sat and Sun not working.
    const instantOf = instantsIn('Europe/London');
    const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    expect(scheduledMinutes(nineToSixWithLunch, scheduleDays(week, new Set(['2026-12-03'])), [], instantOf)).toBe(
      540 + 540 + 480,
    );
    // Time off from Tuesday 17:00 to Wednesday 10:00, twice over (overlaps count once): 60 + 60 minutes.
    const off = {
      startsAt: new Date(instantOf('2026-12-01', '17:00')),
      endsAt: new Date(instantOf('2026-12-02', '10:00')),
    };
    expect(
      scheduledMinutes(nineToSixWithLunch, scheduleDays(week, new Set(['2026-12-03'])), [off, off], instantOf),
    ).toBe(540 + 480 + 420);
    expect(utilisation(390, 1560)).toBe(0.25);
    expect(utilisation(10, 0)).toBeNull();
  });

  it('places clock times exactly on the days the clocks change', () => {
    const instantOf = instantsIn('Europe/London');
    for (const [day, time] of [
      ['2026-03-29', '09:00'],
      ['2026-10-25', '17:30'],
      ['2026-07-01', '12:15'],
    ] as const) {
      expect(instantOf(day, time)).toBe(instantAt(day, time, 'Europe/London').getTime());
    }
    // The spring day is 23 hours long: a 09:00-18:00 shift is still 9 hours of work.
    expect(scheduledMinutes(nineToSixWithLunch, scheduleDays(['2026-03-30'], new Set()), [], instantOf)).toBe(540);
  });
});
