import { describe, expect, it } from 'vitest';
import { formatDay } from '@/shared/time-format';
import { joinDateTime, linkedDay, parseDay, splitDateTime } from './day-format';

describe('parseDay', () => {
  it('reads a typed day as day, month, year', () => {
    expect(parseDay('24/11/2026')).toBe('2026-11-24');
    expect(parseDay('02/03/2026')).toBe('2026-03-02');
  });

  it('takes single digits, dots or dashes and spaces around, as people type them', () => {
    expect(parseDay('1/2/2026')).toBe('2026-02-01');
    expect(parseDay(' 1.2.2026 ')).toBe('2026-02-01');
    expect(parseDay('01-02-2026')).toBe('2026-02-01');
  });

  it('takes a pasted YYYY-MM-DD day as it is', () => {
    expect(parseDay('2026-11-24')).toBe('2026-11-24');
  });

  it('reads what formatDay shows back as the same day', () => {
    expect(parseDay(formatDay('2028-02-29'))).toBe('2028-02-29');
  });

  it('refuses days that do not exist', () => {
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('29/02/2026')).toBeNull();
    expect(parseDay('00/01/2026')).toBeNull();
    expect(parseDay('12/13/2026')).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
  });

  it('waits for the whole year, so a day is not taken while it is still being typed', () => {
    expect(parseDay('24/11/202')).toBeNull();
    expect(parseDay('24/11/26')).toBeNull();
    expect(parseDay('24/11')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay('tomorrow')).toBeNull();
  });
});

describe('splitDateTime', () => {
  it('gives the day and the 24-hour time of a date-time value', () => {
    expect(splitDateTime('2026-11-24T09:30')).toEqual({ day: '2026-11-24', time: '09:30' });
    expect(splitDateTime('2026-11-24T21:05')).toEqual({ day: '2026-11-24', time: '21:05' });
  });

  it('drops the seconds a picker may add', () => {
    expect(splitDateTime('2026-11-24T09:30:15')).toEqual({ day: '2026-11-24', time: '09:30' });
  });

  it('gives an empty day and time for an empty value, a day that does not exist or no time', () => {
    for (const value of ['', '2026-02-30T09:00', '2026-11-24', '2026-11-24T24:00', '24/11/2026 09:00']) {
      expect(splitDateTime(value)).toEqual({ day: '', time: '' });
    }
  });
});

describe('joinDateTime', () => {
  it('gives the value the shared schema takes once there are both a day and a time', () => {
    expect(joinDateTime('2026-11-24', '09:30')).toBe('2026-11-24T09:30');
  });

  it('gives nothing while the day or the time is missing or not whole', () => {
    expect(joinDateTime('', '09:30')).toBe('');
    expect(joinDateTime('2026-11-24', '')).toBe('');
    expect(joinDateTime('2026-11-24', '9:30')).toBe('');
    expect(joinDateTime('2026-02-30', '09:30')).toBe('');
  });

  it('puts back together what splitDateTime took apart', () => {
    const { day, time } = splitDateTime('2028-02-29T23:59');
    expect(joinDateTime(day, time)).toBe('2028-02-29T23:59');
  });
});

describe('linkedDay', () => {
  it('takes the day a link names when any input may name it', () => {
    expect(linkedDay('2026-11-24')).toBe('2026-11-24');
    expect(linkedDay('2000-01-01')).toBe('2000-01-01');
    expect(linkedDay('2100-12-31')).toBe('2100-12-31');
  });

  it('gives nothing for a far day, a day that does not exist or no day, so the page shows its own', () => {
    for (const param of [
      '9999-12-31',
      '0001-01-01',
      '275760-09-13',
      '1999-12-31',
      '2101-01-01',
      '2026-02-30',
      '24/11/2026',
      'soon',
      '',
      null,
    ]) {
      expect(linkedDay(param), String(param)).toBeNull();
    }
  });
});
