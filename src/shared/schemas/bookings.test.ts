import { describe, expect, it } from 'vitest';
import {
  adminBookingListSchema,
  availableSlotsSchema,
  bookingFormSchema,
  createBookingSchema,
  updateBookingStatusSchema,
} from './bookings';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

const valid = {
  firstName: 'Clara',
  lastName: 'Demo',
  email: 'Customer@Salon.test',
  phone: '9000000001',
  bookingDate: '2026-12-01',
  timeSlot: '10:30',
  service: 'Classic Manicure',
  specialist: 'Maya Chen',
};

describe('booking form schemas', () => {
  it('asks for every field of the form with the spec words', () => {
    expect(
      messages(
        bookingFormSchema.safeParse({
          firstName: ' ',
          lastName: '',
          email: 'not-an-email',
          phone: '12345',
          bookingDate: '',
          timeSlot: null,
          service: null,
          specialist: '',
        }),
      ),
    ).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Invalid email address',
      'phone: Invalid phone number',
      'bookingDate: Please select a date',
      'timeSlot: Please select a time slot',
      'service: Select a service',
      'specialist: Select a specialist',
    ]);
  });

  it('accepts a calendar day or a date picker date-time, and a 24-hour time it writes as HH:MM', () => {
    expect(bookingFormSchema.parse(valid)).toEqual({ ...valid, email: 'customer@salon.test' });
    expect(
      bookingFormSchema.parse({ ...valid, bookingDate: '2026-11-30T18:30:00.000Z', timeSlot: '9:00' }),
    ).toMatchObject({
      bookingDate: '2026-11-30T18:30:00.000Z',
      timeSlot: '09:00',
    });
    expect(messages(bookingFormSchema.safeParse({ ...valid, bookingDate: '2026-02-30', timeSlot: '25:00' }))).toEqual([
      'bookingDate: Please select a date',
      'timeSlot: Please select a time slot',
    ]);
  });

  it('lets the booking procedure go without the identity fields (they come from the account) but checks given ones', () => {
    const { firstName: _f, lastName: _l, email: _e, phone: _p, ...choices } = valid;
    expect(createBookingSchema.parse({ ...choices, firstName: '', phone: '' })).toEqual({
      ...choices,
      firstName: undefined,
      lastName: undefined,
      email: undefined,
      phone: undefined,
    });
    expect(messages(createBookingSchema.safeParse({ ...valid, phone: '123' }))).toEqual([
      'phone: Invalid phone number',
    ]);
  });

  it('asks the free-slot query for a specialist, a date and a service', () => {
    expect(messages(availableSlotsSchema.safeParse({}))).toEqual([
      'specialistId: Select a specialist',
      'bookingDate: Please select a date',
      'serviceName: Select a service',
    ]);
  });

  it('reads the back office filters from query text: "all" and blanks as no filter, numbers, any letter case', () => {
    expect(adminBookingListSchema.parse({ search: ' ', status: 'all', date: '', page: '2', pageSize: '50' })).toEqual({
      search: undefined,
      status: undefined,
      date: undefined,
      page: 2,
      pageSize: 50,
      limit: undefined,
      all: undefined,
    });
    expect(adminBookingListSchema.parse({ status: 'Pending', limit: '5' })).toMatchObject({
      status: 'pending',
      limit: 5,
    });
    expect(messages(adminBookingListSchema.safeParse({ status: 'lost', page: '0', pageSize: '101' }))).toEqual([
      'status: Status must be pending, confirmed, cancelled, completed or no-show',
      'page: Page must be at least 1',
      'pageSize: Page size must be at most 100',
    ]);
    expect(adminBookingListSchema.parse(undefined)).toBeUndefined();
  });

  it('takes any of the four statuses for a booking, and no other', () => {
    expect(updateBookingStatusSchema.parse({ id: 'x', status: 'Completed' })).toEqual({ id: 'x', status: 'completed' });
    expect(messages(updateBookingStatusSchema.safeParse({ id: 'x', status: 'done' }))).toEqual([
      'status: Status must be pending, confirmed, cancelled, completed or no-show',
    ]);
  });
});
