import { describe, expect, it } from 'vitest';
import { instantAt } from './calendar';
import { weekOf, workingRanges, type WeeklySchedule } from './schedule';
import { availableSlots, pickOrder, type SlotQuery } from './slots';

const ZONE = 'Asia/Kolkata';
const TUESDAY = '2026-12-01';
const SATURDAY = '2026-12-05';
const SUNDAY = '2026-12-06';

const spec: WeeklySchedule = {
  fallback: { from: '10:00', to: '18:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
  week: {},
};

const slotsOn = (day: string, schedule: WeeklySchedule, overrides: Partial<SlotQuery> = {}) =>
  availableSlots({
    day,
    timeZone: ZONE,
    stepMinutes: 60,
    now: new Date('2026-11-30T00:00:00Z'),
    specialist: { ranges: workingRanges(schedule, day), offersService: true },
    service: { durationMinutes: 60, bufferMinutes: 0 },
    busy: [],
    ...overrides,
  });

describe('weekly hours', () => {
  it("fills a day without hours of its own from the spec's range and days", () => {
    expect(workingRanges(spec, TUESDAY)).toEqual([{ from: '10:00', to: '18:00' }]);
    expect(workingRanges(spec, SUNDAY)).toEqual([]);
  });

  it("lets a weekday's own hours override the fallback, including a day off and a day the fallback does not list", () => {
    const schedule: WeeklySchedule = {
      ...spec,
      week: { Tuesday: [], Saturday: [{ from: '10:00', to: '15:00' }] },
    };
    expect(workingRanges(schedule, TUESDAY)).toEqual([]);
    expect(workingRanges(schedule, SATURDAY)).toEqual([{ from: '10:00', to: '15:00' }]);
    expect(slotsOn(SATURDAY, schedule)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00']);
    expect(slotsOn(TUESDAY, schedule)).toEqual([]);
  });

  it('splits a day with a break: no service runs into the break', () => {
    const schedule: WeeklySchedule = {
      ...spec,
      week: {
        Tuesday: [
          { from: '09:00', to: '13:00' },
          { from: '14:00', to: '18:00' },
        ],
      },
    };
    expect(slotsOn(TUESDAY, schedule, { stepMinutes: 30, service: { durationMinutes: 90, bufferMinutes: 0 } })).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'],
    );
  });

  it('closes the day for everyone on a closure', () => {
    expect(workingRanges(spec, TUESDAY, true)).toEqual([]);
  });

  it('shows every weekday of the week with its ranges and whether they are its own', () => {
    const week = weekOf({ ...spec, week: { Monday: [{ from: '09:00', to: '12:00' }] } }, [
      'Monday',
      'Tuesday',
      'Sunday',
    ]);
    expect(week).toEqual([
      { day: 'Monday', ranges: [{ from: '09:00', to: '12:00' }], own: true },
      { day: 'Tuesday', ranges: [{ from: '10:00', to: '18:00' }], own: false },
      { day: 'Sunday', ranges: [], own: false },
    ]);
  });
});

describe('time off', () => {
  it('removes every start whose service would overlap it, from minutes to whole days', () => {
    const off = { startsAt: instantAt(TUESDAY, '12:30', ZONE), endsAt: instantAt(TUESDAY, '14:00', ZONE) };
    expect(slotsOn(TUESDAY, spec, { busy: [off] })).toEqual(['10:00', '11:00', '14:00', '15:00', '16:00', '17:00']);
    const holiday = {
      startsAt: instantAt('2026-11-30', '00:00', ZONE),
      endsAt: instantAt('2026-12-10', '00:00', ZONE),
    };
    expect(slotsOn(TUESDAY, spec, { busy: [holiday] })).toEqual([]);
  });
});

describe('a daylight-saving day with a break', () => {
  it("counts the clock's hours on both sides of the break (Paris, spring forward at 02:00)", () => {
    // 29 March 2026 in Paris: 02:00 jumps to 03:00. Hours 01:00-03:30 (an hour and a half of
    // real time) and 04:00-06:00.
    const schedule: WeeklySchedule = {
      fallback: { from: '09:00', to: '17:00', days: [] },
      week: {
        Sunday: [
          { from: '01:00', to: '03:30' },
          { from: '04:00', to: '06:00' },
        ],
      },
    };
    const slots = availableSlots({
      day: '2026-03-29',
      timeZone: 'Europe/Paris',
      stepMinutes: 30,
      now: new Date('2026-03-01T00:00:00Z'),
      specialist: { ranges: workingRanges(schedule, '2026-03-29'), offersService: true },
      service: { durationMinutes: 60, bufferMinutes: 0 },
      busy: [],
    });
    // 01:00 ends at 03:00 on the clock and 01:30 at 03:30; 02:00 and 02:30 do not exist; 03:00
    // would run into the break. After the break the day is whole.
    expect(slots).toEqual(['01:00', '01:30', '04:00', '04:30', '05:00']);
  });
});

describe('any specialist', () => {
  it('prefers the one with the fewest bookings that day, then by name in any letter case', () => {
    const order = pickOrder([
      { id: 'b', name: 'Maya', bookingsThatDay: 2 },
      { id: 'c', name: 'leila', bookingsThatDay: 1 },
      { id: 'a', name: 'Anna', bookingsThatDay: 1 },
    ]);
    expect(order.map((specialist) => specialist.name)).toEqual(['Anna', 'leila', 'Maya']);
  });
});
