import { describe, expect, it } from 'vitest';
import { REPEAT_COUNT_MAX } from '@/shared/constants';
import {
  dayShift,
  lastPossibleDay,
  nearestTimes,
  occurrenceDays,
  occurrenceRefusal,
  shiftedOccurrence,
  thisAndFollowing,
} from './series';

describe('the days of a standing appointment', () => {
  it('counts the first among `count` occurrences, every `everyWeeks` weeks', () => {
    expect(occurrenceDays('2026-12-01', { everyWeeks: 1, count: 3 })).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
    ]);
    expect(occurrenceDays('2026-12-01', { everyWeeks: 6, count: 2 })).toEqual(['2026-12-01', '2027-01-12']);
  });

  it('runs up to `until` inclusive, across a month and a year', () => {
    expect(occurrenceDays('2026-12-17', { everyWeeks: 2, until: '2027-01-14' })).toEqual([
      '2026-12-17',
      '2026-12-31',
      '2027-01-14',
    ]);
    expect(occurrenceDays('2026-12-17', { everyWeeks: 2, until: '2027-01-13' })).toHaveLength(2);
  });

  it('never gives more than the most occurrences, however far `until` is', () => {
    const days = occurrenceDays('2026-01-05', { everyWeeks: 1, until: '2030-01-01' });
    expect(days).toHaveLength(REPEAT_COUNT_MAX);
    expect(days.at(-1)).toBe(lastPossibleDay('2026-01-05', 1));
  });

  it('keeps the weekday whatever daylight saving does (days are days)', () => {
    // Europe's clocks change on 29 March 2026: the Friday stays a Friday.
    expect(occurrenceDays('2026-03-20', { everyWeeks: 1, count: 3 })).toEqual([
      '2026-03-20',
      '2026-03-27',
      '2026-04-03',
    ]);
  });
});

describe('the nearest free times', () => {
  const free = ['09:00', '09:30', '10:00', '11:30', '12:00', '14:00', '15:30', '16:00'];

  it('lists the free times nearest to the wanted one first, the earlier of two as near first', () => {
    expect(nearestTimes(free, '11:00')).toEqual(['11:30', '10:00', '12:00', '09:30', '09:00', '14:00']);
  });

  it('gives at most the number asked for, and none when nothing is free', () => {
    expect(nearestTimes(free, '16:00', 2)).toEqual(['16:00', '15:30']);
    expect(nearestTimes([], '10:00')).toEqual([]);
  });
});

describe('moving this and the following occurrences', () => {
  it('shifts a later occurrence by the same days, to the same new time of day', () => {
    expect(dayShift('2026-12-01', '2026-12-03')).toBe(2);
    expect(dayShift('2026-12-03', '2026-11-30')).toBe(-3);
    expect(shiftedOccurrence({ bookingDate: '2026-12-29' }, { days: 2, timeSlot: '15:30' })).toEqual({
      bookingDate: '2026-12-31',
      timeSlot: '15:30',
    });
    expect(shiftedOccurrence({ bookingDate: '2027-01-05' }, { days: -1, timeSlot: '09:00' })).toEqual({
      bookingDate: '2027-01-04',
      timeSlot: '09:00',
    });
  });

  it('takes the chosen occurrence and the later open ones, never the earlier or closed ones', () => {
    const at = (day: number, open = true) => ({ startsAt: new Date(Date.UTC(2026, 11, day, 10)), open, day });
    const all = [at(1), at(8), at(15, false), at(22), at(29)];
    const chosen = all[1];
    if (!chosen) throw new Error('no occurrence');
    expect(thisAndFollowing(all, chosen).map((occurrence) => occurrence.day)).toEqual([8, 22, 29]);
  });

  it('names the occurrence that refuses the series, in words', () => {
    expect(occurrenceRefusal('2026-12-08', '14:00', 'That time is taken.')).toBe(
      'Tuesday 08/12/2026 at 2:00 PM does not fit: That time is taken. Nothing was changed.',
    );
  });
});
