import { describe, expect, it } from 'vitest';
import { CALENDAR_MAX_DAYS, EARLIEST_DAY, LATEST_DAY } from '@/shared/constants';
import { REPORT_MAX_DAYS } from '@/shared/schemas/reports';
import { addCalendarDays, calendarDay, clockTimeAfter, daysBetween, instantAt, salonDayOf } from './calendar';

describe('calendar days', () => {
  it('reads the day an instant falls on in the salon time zone, not the machine one', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    expect(calendarDay(instant, 'America/New_York')).toBe('2026-02-28');
    expect(calendarDay(instant, 'Asia/Kolkata')).toBe('2026-03-01');
  });

  it('adds days across month ends and daylight-saving changes', () => {
    expect(addCalendarDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 366)).toBe('2028-01-01');
  });

  it('adds days correctly at both ends of the days inputs may name, and refuses to leave YYYY-MM-DD', () => {
    expect(addCalendarDays(EARLIEST_DAY, -1)).toBe('1999-12-31');
    expect(addCalendarDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addCalendarDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addCalendarDays(LATEST_DAY, 1)).toBe('2101-01-01');
    // Once `+010000-01-01`, which sorts before 9999-12-31: a walk to 9999-12-31 never ended.
    expect(() => addCalendarDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('0000-01-01', -1)).toThrow(RangeError);
  });

  it('walks a period day by day across month, year and leap-day ends', () => {
    expect(daysBetween('2026-12-30', '2027-01-02', CALENDAR_MAX_DAYS)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(daysBetween('2028-02-28', '2028-03-01', CALENDAR_MAX_DAYS)).toHaveLength(3);
    expect(daysBetween('2028-01-01', '2028-12-31', REPORT_MAX_DAYS)).toHaveLength(366);
    expect(daysBetween('2026-03-02', '2026-03-01', CALENDAR_MAX_DAYS)).toEqual([]);
  });

  it('stops walking at its bound, whatever period it is handed', () => {
    expect(daysBetween('2026-03-01', '2026-03-31', 31)).toHaveLength(31);
    expect(() => daysBetween('2026-03-01', '2026-04-01', 31)).toThrow(RangeError);
    // Every day of the allowed range: 36,890 steps without the bound.
    expect(() => daysBetween(EARLIEST_DAY, LATEST_DAY, REPORT_MAX_DAYS)).toThrow(RangeError);
    // An end no day reaches (every day sorts before it).
    expect(() => daysBetween('2026-03-01', 'z', CALENDAR_MAX_DAYS)).toThrow(RangeError);
    expect(() => daysBetween('9999-12-31', '9999-12-31', CALENDAR_MAX_DAYS)).toThrow(RangeError);
  });
});

describe('salon wall-clock times', () => {
  it('tells the clock time a service ends, through a daylight-saving change as the clock does', () => {
    expect(clockTimeAfter('2026-06-01', '10:30', 45, 'Asia/Kolkata')).toBe('11:15');
    expect(clockTimeAfter('2026-06-01', '23:30', 60, 'Asia/Kolkata')).toBe('00:30');
    // Paris, 29 March 2026: an hour from 01:30 ends at 03:30 on the clock.
    expect(clockTimeAfter('2026-03-29', '01:30', 60, 'Europe/Paris')).toBe('03:30');
    expect(clockTimeAfter('2026-03-30', '01:30', 60, 'Europe/Paris')).toBe('02:30');
  });

  it('names the right instant on both sides of a daylight-saving change', () => {
    expect(instantAt('2026-03-28', '10:00', 'Europe/Paris').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(instantAt('2026-03-30', '10:00', 'Europe/Paris').toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(instantAt('2026-06-01', '09:30', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });
});

describe('dates sent by clients', () => {
  it('keeps a plain calendar day as it is, whatever the zone', () => {
    expect(salonDayOf('2026-03-01', 'America/New_York')).toBe('2026-03-01');
    expect(salonDayOf('2026-03-01', 'Asia/Kolkata')).toBe('2026-03-01');
  });

  it("reads a date picker's UTC date-time as the day it is in the salon", () => {
    // Midnight of 1 March in Mumbai, as a browser there sends it with toISOString().
    expect(salonDayOf('2026-02-28T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-03-01');
    expect(salonDayOf('2026-03-01T02:30:00Z', 'America/New_York')).toBe('2026-02-28');
    expect(salonDayOf('2026-03-01T00:30:00+05:30', 'Europe/Paris')).toBe('2026-02-28');
  });

  it('reads a date-time without an offset as a salon wall-clock time on its own date', () => {
    expect(salonDayOf('2026-03-01T23:30', 'Asia/Kolkata')).toBe('2026-03-01');
    expect(salonDayOf('2026-03-01T00:10:00', 'America/New_York')).toBe('2026-03-01');
  });
});
