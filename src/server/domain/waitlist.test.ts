// The waitlist's pure rules: which freed days an entry may be offered, and which time.
import { describe, expect, it } from 'vitest';
import { inPartOfDay } from '@/shared/schemas/waitlist';
import { freedDaysOf, freedFit, timeToOffer } from './waitlist';

describe('the waitlist rules', () => {
  it('places a time in its part of the day by when it starts', () => {
    expect(['08:00', '11:45', '12:00', '16:59', '17:00'].map((time) => inPartOfDay(time, 'morning'))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['11:59', '12:00', '16:45', '17:00'].map((time) => inPartOfDay(time, 'afternoon'))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inPartOfDay('17:00', 'evening')).toBe(true);
    expect(inPartOfDay('03:00', 'any')).toBe(true);
  });

  const whole = (fromDate: string, toDate: string) => ({ fromDate, toDate, startsAt: null, endsAt: null });
  const at = (day: string, from: string, to: string) => ({
    fromDate: day,
    toDate: day,
    startsAt: new Date(`${day}T${from}:00Z`),
    endsAt: new Date(`${day}T${to}:00Z`),
  });

  it('offers only freed days among the entry’s own, from today on, earliest first and once', () => {
    const entry = { id: 'e1', fromDate: '2026-12-01', toDate: '2026-12-05' };
    const days = freedDaysOf(
      entry,
      [
        at('2026-12-04', '10:00', '11:00'),
        whole('2026-11-20', '2026-12-02'),
        at('2026-12-04', '15:00', '15:45'),
        whole('2026-12-05', '2026-12-09'),
      ],
      '2026-11-25',
    );
    expect(days.map((one) => one.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-04', '2026-12-05']);
    expect(days[2]?.windows).toEqual([
      { from: Date.parse('2026-12-04T10:00:00Z'), to: Date.parse('2026-12-04T11:00:00Z') },
      { from: Date.parse('2026-12-04T15:00:00Z'), to: Date.parse('2026-12-04T15:45:00Z') },
    ]);
    expect(days[3]?.windows).toBe('whole');
    // Hours changed: every day, but none passed.
    expect(freedDaysOf(entry, [whole('0000-01-01', '9999-12-31')], '2026-12-04').map((one) => one.day)).toEqual([
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(freedDaysOf(entry, [at('2026-12-06', '10:00', '11:00')], '2026-11-25')).toEqual([]);
    // What its own offer let go goes past it to the next entry.
    const passed = { ...at('2026-12-04', '10:00', '11:00'), passedEntryId: 'e1' };
    expect(freedDaysOf(entry, [passed], '2026-11-25')).toEqual([]);
    expect(freedDaysOf({ ...entry, id: 'e2' }, [passed], '2026-11-25')).toHaveLength(1);
    // ...and only to an entry not offered a time that day before: never back and forth.
    expect(freedDaysOf({ ...entry, id: 'e2' }, [passed], '2026-11-25', new Set(['2026-12-04']))).toEqual([]);
    expect(
      freedDaysOf(entry, [at('2026-12-04', '10:00', '11:00')], '2026-11-25', new Set(['2026-12-04'])),
    ).toHaveLength(1);
  });

  it('tells a time that starts in what came free from one that only overlaps it', () => {
    const windows = [{ from: Date.parse('2026-12-04T10:00:00Z'), to: Date.parse('2026-12-04T11:00:00Z') }];
    const hour = 60 * 60_000;
    expect(freedFit(windows, Date.parse('2026-12-04T09:00:00Z'), hour)).toBeNull();
    expect(freedFit(windows, Date.parse('2026-12-04T09:30:00Z'), hour)).toBe('overlaps');
    expect(freedFit(windows, Date.parse('2026-12-04T10:00:00Z'), hour)).toBe('starts');
    expect(freedFit(windows, Date.parse('2026-12-04T10:45:00Z'), hour)).toBe('starts');
    expect(freedFit(windows, Date.parse('2026-12-04T11:00:00Z'), hour)).toBeNull();
    expect(freedFit('whole', 0, hour)).toBe('starts');
  });

  it('offers the earliest free time in the part of the day not offered before, the freed time first', () => {
    const free = ['09:00', '11:30', '13:00', '17:30'];
    const any = () => 'starts' as const;
    expect(timeToOffer(free, 'any', new Set(), any)).toBe('09:00');
    expect(timeToOffer(free, 'afternoon', new Set(), any)).toBe('13:00');
    expect(timeToOffer(free, 'morning', new Set(['09:00']), any)).toBe('11:30');
    expect(timeToOffer(free, 'morning', new Set(['09:00', '11:30']), any)).toBeNull();
    const freedAtOne = (time: string) => (time === '13:00' ? 'starts' : time === '11:30' ? 'overlaps' : null);
    expect(timeToOffer(free, 'any', new Set(), freedAtOne)).toBe('13:00');
    expect(timeToOffer(free, 'any', new Set(['13:00']), freedAtOne)).toBe('11:30');
    expect(timeToOffer(free, 'evening', new Set(), freedAtOne)).toBeNull();
    expect(timeToOffer([], 'any', new Set(), any)).toBeNull();
  });
});
