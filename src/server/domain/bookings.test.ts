import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@/shared/constants';
import {
  customerCancelRefusal,
  isCancellable,
  isOpenStatus,
  reopensBooking,
  specialistMarkRefusal,
  statusRefusal,
  isUpcoming,
  statusChangeMail,
} from './bookings';

const now = new Date('2026-03-02T10:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('the rules of a booking', () => {
  it('lets a customer cancel a pending or confirmed booking until two hours before it starts', () => {
    expect(isCancellable({ status: 'pending', startsAt: inMinutes(121) }, now)).toBe(true);
    expect(isCancellable({ status: 'confirmed', startsAt: inMinutes(121) }, now)).toBe(true);
    expect(isCancellable({ status: 'confirmed', startsAt: inMinutes(120) }, now)).toBe(false);
    expect(isCancellable({ status: 'pending', startsAt: inMinutes(-30) }, now)).toBe(false);
    expect(isCancellable({ status: 'cancelled', startsAt: inMinutes(600) }, now)).toBe(false);
    expect(isCancellable({ status: 'completed', startsAt: inMinutes(600) }, now)).toBe(false);
  });

  it('says why a customer may not cancel: settled already, or too late', () => {
    expect(customerCancelRefusal({ status: 'pending', startsAt: inMinutes(600) }, now)).toBeNull();
    expect(customerCancelRefusal({ status: 'cancelled', startsAt: inMinutes(600) }, now)).toBe(
      'This booking is cancelled already and cannot be cancelled.',
    );
    expect(customerCancelRefusal({ status: 'completed', startsAt: inMinutes(600) }, now)).toBe(
      'This booking is completed already and cannot be cancelled.',
    );
    expect(customerCancelRefusal({ status: 'confirmed', startsAt: inMinutes(60) }, now)).toBe(
      'Bookings can only be cancelled up to 2 hours before the start.',
    );
  });

  it('counts pending and confirmed bookings as holding their time', () => {
    expect(BOOKING_STATUSES.filter(isOpenStatus)).toEqual(['pending', 'confirmed']);
  });

  it('treats only a cancelled booking set to another status as reopened', () => {
    expect(reopensBooking('cancelled', 'pending')).toBe(true);
    expect(reopensBooking('cancelled', 'completed')).toBe(true);
    expect(reopensBooking('cancelled', 'cancelled')).toBe(false);
    expect(reopensBooking('pending', 'confirmed')).toBe(false);
  });

  it('mails the customer when the salon confirms or cancels, and for nothing else', () => {
    expect(statusChangeMail('pending', 'confirmed')).toBe('confirmed');
    expect(statusChangeMail('confirmed', 'cancelled')).toBe('cancelled-by-salon');
    expect(statusChangeMail('confirmed', 'confirmed')).toBeNull();
    expect(statusChangeMail('cancelled', 'cancelled')).toBeNull();
    expect(statusChangeMail('confirmed', 'completed')).toBeNull();
    expect(statusChangeMail('confirmed', 'pending')).toBeNull();
  });

  it('lets a specialist mark an open booking completed or no-show once it has begun, and nothing else', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const begun = { status: 'confirmed' as const, startsAt: new Date('2026-12-01T09:30:00Z') };
    const ahead = { status: 'confirmed' as const, startsAt: new Date('2026-12-01T10:30:00Z') };
    expect(specialistMarkRefusal(begun, 'completed', now)).toBeNull();
    expect(specialistMarkRefusal({ ...begun, status: 'pending' }, 'no-show', now)).toBeNull();
    expect(specialistMarkRefusal(ahead, 'no-show', now)).toBe(
      'A booking can be marked completed or no-show once it has begun.',
    );
    expect(specialistMarkRefusal(begun, 'cancelled', now)).toMatch(/front desk/);
    expect(specialistMarkRefusal({ ...begun, status: 'completed' }, 'no-show', now)).toMatch(/front desk/);
  });

  it('lets nobody mark a booking no-show before it has begun; every other status any time', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const ahead = { status: 'confirmed' as const, startsAt: new Date('2026-12-01T10:00:01Z') };
    expect(statusRefusal(ahead, 'no-show', now)).toBe('A booking can be marked no-show once it has begun.');
    expect(statusRefusal({ ...ahead, startsAt: now }, 'no-show', now)).toBeNull();
    expect(statusRefusal({ ...ahead, status: 'pending' }, 'confirmed', now)).toBeNull();
    expect(statusRefusal(ahead, 'cancelled', now)).toBeNull();
  });

  it('refuses a change asked of a booking that no longer has the status it was seen with', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const later = new Date('2026-12-02T10:00:00Z');
    // Confirm tapped on a pending booking: done while pending (or already confirmed), refused once cancelled.
    expect(statusRefusal({ status: 'pending', startsAt: later }, 'confirmed', now, 'pending')).toBeNull();
    expect(statusRefusal({ status: 'confirmed', startsAt: later }, 'confirmed', now, 'pending')).toBeNull();
    expect(statusRefusal({ status: 'cancelled', startsAt: later }, 'confirmed', now, 'pending')).toBe(
      'This booking is cancelled now, so it was not changed.',
    );
    expect(statusRefusal({ status: 'no-show', startsAt: now }, 'confirmed', now, 'pending')).toBe(
      'This booking is marked as a no-show now, so it was not changed.',
    );
  });

  it('counts only open bookings still to come as upcoming', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const later = new Date('2026-12-03T10:00:00Z');
    expect(isUpcoming({ status: 'pending', startsAt: later }, now)).toBe(true);
    expect(isUpcoming({ status: 'confirmed', startsAt: later }, now)).toBe(true);
    expect(isUpcoming({ status: 'cancelled', startsAt: later }, now)).toBe(false);
    expect(isUpcoming({ status: 'no-show', startsAt: later }, now)).toBe(false);
    expect(isUpcoming({ status: 'confirmed', startsAt: now }, now)).toBe(false);
  });
});
