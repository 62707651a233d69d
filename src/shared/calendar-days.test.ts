import { describe, expect, it } from 'vitest';
import { dayOfDateInput, isCalendarDay, isDateInput, localCalendarDay } from './calendar-days';
import { weekdayOfDay } from './constants';

describe('calendar days from clients', () => {
  it('knows a real calendar day from text that only looks like one', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-5')).toBe(false);
    expect(isDateInput('2026-11-21T10:00:00.000Z')).toBe(true);
    expect(isDateInput('tomorrow')).toBe(false);
  });

  it('reads an instant with the given zone and a wall-clock date-time by its own date', () => {
    const asSalonDay = (instant: Date) =>
      instant.toISOString() === '2026-11-20T19:00:00.000Z' ? '2026-11-21' : 'other';
    expect(dayOfDateInput('2026-11-20T19:00:00.000Z', asSalonDay)).toBe('2026-11-21');
    expect(dayOfDateInput('2026-11-20T19:00', asSalonDay)).toBe('2026-11-20');
    expect(dayOfDateInput('2026-11-20', asSalonDay)).toBe('2026-11-20');
  });

  it("reads today's day in the zone the code runs in", () => {
    expect(localCalendarDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('names the weekday of a salon day whatever the zone', () => {
    expect(weekdayOfDay('2026-12-24')).toBe('Thursday');
    expect(weekdayOfDay('2026-12-28')).toBe('Monday');
    expect(weekdayOfDay('2026-12-27')).toBe('Sunday');
    expect(weekdayOfDay('soon')).toBeUndefined();
  });
});
