import { describe, expect, it } from 'vitest';
import {
  addDays,
  csvHref,
  formatPercent,
  formatPeriod,
  formatShortDay,
  lastMonthOf,
  monthOf,
  periodFromSearch,
  periodLength,
  pickableAround,
  presetOf,
  weekOf,
} from './report-period';

describe('report periods', () => {
  it('counts days across month ends, year ends and clock changes', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    // 29 March 2026 is a clock change in Europe; days stay days.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('takes the week from Monday to Sunday, whichever day today is', () => {
    expect(weekOf('2026-11-18')).toEqual({ from: '2026-11-16', to: '2026-11-22' }); // a Wednesday
    expect(weekOf('2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' }); // the Monday
    expect(weekOf('2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' }); // the Sunday
    expect(weekOf('2026-12-30')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('takes this month and last month whole, leap years included', () => {
    expect(monthOf('2026-11-18')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(lastMonthOf('2026-11-18')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonthOf('2027-01-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonthOf('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('recognises a preset in a shared link, and calls anything else Custom', () => {
    const today = '2026-11-18';
    expect(presetOf({ from: '2026-11-16', to: '2026-11-22' }, today)).toBe('week');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, today)).toBe('month');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, today)).toBe('last-month');
    expect(presetOf({ from: '2026-10-01', to: '2026-11-30' }, today)).toBe('custom');
  });

  it('reads the period from the address, or this month when it holds none', () => {
    const today = '2026-11-18';
    expect(periodFromSearch(new URLSearchParams('from=2026-01-05&to=2026-02-10'), today)).toEqual({
      from: '2026-01-05',
      to: '2026-02-10',
    });
    expect(periodFromSearch(new URLSearchParams(''), today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodFromSearch(new URLSearchParams('from=2026-02-30&to=2026-03-10'), today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(periodFromSearch(new URLSearchParams('from=2026-02-01'), today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    // A link with a day no input may name opens this month rather than asking the server for it.
    for (const far of [
      'from=9999-12-01&to=9999-12-31',
      'from=0001-01-01&to=0001-01-31',
      'from=2026-11-01&to=2101-01-01',
      'from=275760-09-13&to=275760-09-13',
    ]) {
      expect(periodFromSearch(new URLSearchParams(far), today), far).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    }
    expect(periodFromSearch(new URLSearchParams('from=2000-01-01&to=2100-12-31'), today)).toEqual({
      from: '2000-01-01',
      to: '2100-12-31',
    });
  });

  it('lets a range picker reach at most 366 days, both ends counted', () => {
    const around = pickableAround('2026-01-01');
    expect(periodLength({ from: '2026-01-01', to: around.to })).toBe(366);
    expect(periodLength({ from: around.from, to: '2026-01-01' })).toBe(366);
  });

  it('writes periods, ticks, rates and download links as the back office does', () => {
    expect(formatPeriod({ from: '2026-11-01', to: '2026-11-30' })).toBe('01/11/2026 – 30/11/2026');
    expect(formatPeriod({ from: '2026-11-01', to: '2026-11-01' })).toBe('01/11/2026');
    expect(formatShortDay('2026-03-09')).toBe('09/03');
    expect(formatPercent(0.4567)).toBe('46%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe('—');
    expect(csvHref('bookings', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      '/api/v1/admin/reports/bookings.csv?from=2026-11-01&to=2026-11-30',
    );
  });
});
