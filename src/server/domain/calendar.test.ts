import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDay, instantAt } from './calendar';

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
  });
});

describe('salon wall-clock times', () => {
  it('names the right instant on both sides of a daylight-saving change', () => {
    expect(instantAt('2026-03-28', '10:00', 'Europe/Paris').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(instantAt('2026-03-30', '10:00', 'Europe/Paris').toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(instantAt('2026-06-01', '09:30', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });
});
