import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, reminderDueAt, retryWaitMs, reviewRequestDueAt, staleReason } from './messages';

describe('the outbox’s rules', () => {
  it('waits longer after each failure, up to a cap, and gives up after the last attempt', () => {
    const policy = { firstWaitMs: 1000, maxWaitMs: 5000, maxAttempts: 5 };
    expect([1, 2, 3, 4].map((attempts) => retryWaitMs(policy, attempts))).toEqual([1000, 2000, 4000, 5000]);
    expect(retryWaitMs(policy, 5)).toBeNull();
    // The default spans hours, not minutes: an SMTP server down over lunch loses nothing.
    let total = 0;
    for (let attempts = 1; attempts < DEFAULT_RETRY_POLICY.maxAttempts; attempts++)
      total += retryWaitMs(DEFAULT_RETRY_POLICY, attempts) ?? 0;
    expect(total).toBeGreaterThan(3 * 3_600_000);
  });

  it('arms a reminder hours before the booking, none inside the window or when turned off', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    const start = new Date('2026-12-03T10:00:00Z');
    expect(reminderDueAt(start, 24, now)?.toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(reminderDueAt(start, 1.5, now)?.toISOString()).toBe('2026-12-03T08:30:00.000Z');
    expect(reminderDueAt(start, 49, now)).toBeNull();
    expect(reminderDueAt(start, 0, now)).toBeNull();
  });

  it('asks for a review hours after the booking ends, or after it was completed when that is later', () => {
    const ends = new Date('2026-12-03T11:00:00Z');
    // Completed on its day, after it ended: two hours on from then.
    const after = new Date('2026-12-03T17:30:00Z');
    expect(reviewRequestDueAt(ends, 2, after).toISOString()).toBe('2026-12-03T19:30:00.000Z');
    // Completed (paid at the till) two days before it: two hours after it ends, not after the payment.
    const before = new Date('2026-12-01T09:00:00Z');
    expect(reviewRequestDueAt(ends, 2, before).toISOString()).toBe('2026-12-03T13:00:00.000Z');
    expect(reviewRequestDueAt(ends, 0.5, before).toISOString()).toBe('2026-12-03T11:30:00.000Z');
  });

  it('drops a reminder of a booking that closed or began, and a review request of one no longer completed', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    const later = new Date('2026-12-01T12:00:00Z');
    const earlier = new Date('2026-12-01T08:59:00Z');
    expect(staleReason('reminder', { status: 'confirmed', startsAt: later }, now)).toBeNull();
    expect(staleReason('reminder', { status: 'pending', startsAt: later }, now)).toBeNull();
    expect(staleReason('reminder', { status: 'cancelled', startsAt: later }, now)).toBe('The booking is cancelled.');
    expect(staleReason('reminder', { status: 'confirmed', startsAt: earlier }, now)).toBe('The booking has begun.');
    expect(staleReason('reminder', undefined, now)).toBe('The booking was deleted.');
    expect(staleReason('review-request', { status: 'completed', startsAt: earlier }, now)).toBeNull();
    expect(staleReason('review-request', { status: 'cancelled', startsAt: earlier }, now)).toBe(
      'The booking is no longer completed.',
    );
    expect(staleReason('booking-created', undefined, now)).toBeNull();
  });
});
