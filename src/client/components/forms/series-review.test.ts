import { describe, expect, it } from 'vitest';
import { visitFormSchema, type VisitFormValues } from '@/shared/schemas/visits';
import { repeatSummary, seriesBookedNotice } from './series-review-state';

const form: VisitFormValues = {
  firstName: 'Clara',
  lastName: 'Demo',
  email: 'customer@salon.test',
  phone: '9800000000',
  bookingDate: '2099-01-06',
  timeSlot: '14:00',
  service: 'Aroma SPA Ritual',
  specialist: 'Leila Haddad',
  extras: [],
};

/** The form's messages by field, as the booking form shows them. */
const errorsOf = (values: VisitFormValues): Record<string, string> => {
  const parsed = visitFormSchema.safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the booking form with "Repeat"', () => {
  it('takes a booking with "Repeat" off as before', () => {
    expect(Object.keys(errorsOf(form)).filter((path) => path.startsWith('repeat'))).toEqual([]);
  });

  it('says what is wrong with how it repeats, under the field', () => {
    expect(errorsOf({ ...form, repeat: { everyWeeks: 13, count: 4 } })['repeat.everyWeeks']).toBe(
      'Repeat every 1 to 12 weeks',
    );
    expect(errorsOf({ ...form, repeat: { everyWeeks: 2, count: 1 } })['repeat.count']).toBe(
      'Repeat 2 to 26 times, the first included',
    );
    // "On a date" with no day yet: neither end is given.
    expect(errorsOf({ ...form, repeat: { everyWeeks: 2, until: '' } })['repeat.count']).toBe(
      'Say how many times it repeats or until when, not both',
    );
    expect(errorsOf({ ...form, repeat: { everyWeeks: 2, until: '2099-01-13' } })['repeat.until']).toBe(
      'Repeat until 2099-01-20 or later: it must come at least twice',
    );
  });
});

describe('the review of a repeating booking', () => {
  it('says how it repeats in words', () => {
    expect(repeatSummary({ everyWeeks: 2, count: 4, until: null })).toBe('Every 2 weeks, 4 times');
    expect(repeatSummary({ everyWeeks: 1, count: null, until: '2099-02-03' })).toBe(
      'Every week until Tuesday 03/02/2099',
    );
  });

  it('tells how many were booked, and which did not fit', () => {
    const notice = seriesBookedNotice({
      _id: 'series',
      everyWeeks: 2,
      count: 3,
      until: null,
      booked: [
        { _id: 'a', bookingDate: '2099-01-06', timeSlot: '14:00' },
        { _id: 'b', bookingDate: '2099-01-20', timeSlot: '11:00' },
      ],
      notFitting: [{ bookingDate: '2099-02-03', timeSlot: '14:00', reason: 'That time is taken.', nearest: [] }],
      skipped: [],
    });
    expect(notice.title).toBe('2 appointments booked');
    expect(notice.message).toBe(
      'Tuesday 06/01/2099 at 2:00 PM, Tuesday 20/01/2099 at 11:00 AM. Not booked: 1 date that did not fit.',
    );
  });
});
