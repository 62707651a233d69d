import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@/shared/constants';
import { updateOpeningHoursSchema } from './opening-hours';

const open = (from = '09:00', to = '20:00') => [{ from, to }];
const week = () => WEEKDAYS.map((day) => ({ day, ranges: day === 'Sunday' ? [] : open() }));
const messages = (input: unknown) => {
  const result = updateOpeningHoursSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the opening hours form', () => {
  it('takes a week with a closed day, and writes a time such as 9:00 as 09:00', () => {
    const days = week();
    days[0] = { day: 'Monday', ranges: open('9:00', '20:00') };
    const parsed = updateOpeningHoursSchema.parse({ days });
    expect(parsed.days[0]?.ranges).toEqual([{ from: '09:00', to: '20:00' }]);
    expect(parsed.days[6]).toEqual({ day: 'Sunday', ranges: [] });
  });

  it('needs all seven weekdays, each once', () => {
    expect(messages({ days: week().slice(0, 6) })).toEqual(['days: Give the hours of all seven weekdays']);
    const twice = week();
    twice[6] = { day: 'Monday', ranges: open() };
    expect(messages({ days: twice })).toEqual(['days: Each weekday may appear once']);
    expect(messages({ days: [...week(), { day: 'Monday', ranges: [] }] })).toEqual([
      'days: Give the hours of all seven weekdays',
    ]);
  });

  it('takes one opening and one closing time a day, closing after opening', () => {
    const split = week();
    split[1] = { day: 'Tuesday', ranges: [...open('09:00', '12:00'), ...open('13:00', '18:00')] };
    expect(messages({ days: split })).toEqual(['days.1.ranges: A day has one opening time and one closing time']);
    const backwards = week();
    backwards[2] = { day: 'Wednesday', ranges: open('18:00', '09:00') };
    expect(messages({ days: backwards })).toEqual(['days.2.ranges.0.to: A range must end after it starts']);
    const nonsense = week();
    nonsense[3] = { day: 'Thursday', ranges: open('25:00', '20:00') };
    expect(messages({ days: nonsense })).toEqual(['days.3.ranges.0.from: From must be a time such as 09:30 (24-hour)']);
    const notADay = week();
    notADay[4] = { day: 'Funday' as 'Friday', ranges: [] };
    expect(messages({ days: notADay })).toEqual(['days.4.day: Days must be weekday names, Monday to Sunday']);
  });
});
