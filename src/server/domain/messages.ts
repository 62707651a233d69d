// The pure rules of the outbox (docs/decisions/0019-outbox.md): when a message is retried, when a
// reminder is due, and when a message written earlier has no reason left to go out.
import type { BookingStatus } from '@/shared/constants';
import type { MessageKind } from '@/shared/schemas/messages';
import { isOpenStatus } from './bookings';

export interface RetryPolicy {
  /** The wait after the first failed attempt; each later one doubles it. */
  firstWaitMs: number;
  /** No wait is longer than this. */
  maxWaitMs: number;
  /** After this many attempts the message is marked failed (an admin may send it again). */
  maxAttempts: number;
}

/** 30 s, 1, 2, 4, ... minutes up to an hour: 10 attempts span about 4 hours. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { firstWaitMs: 30_000, maxWaitMs: 60 * 60_000, maxAttempts: 10 };

/** How long to wait before the next attempt, `attempts` having been made; null: give up. */
export function retryWaitMs(policy: RetryPolicy, attempts: number): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.maxWaitMs, policy.firstWaitMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * When a booking starting at `startsAt` is reminded, `hours` before; null when reminders are off
 * or that moment has passed already (a booking made or moved inside the window: its confirmation
 * is fresh).
 */
export function reminderDueAt(startsAt: Date, hours: number, now: Date): Date | null {
  if (hours <= 0) return null;
  const due = new Date(startsAt.getTime() - reminderLeadMs(hours));
  return due.getTime() > now.getTime() ? due : null;
}

/**
 * When a review request goes out: `hours` after the booking ends, or after it was marked completed
 * when that is later. A visit completed ahead of its time (paid at the till in advance, or marked
 * so) is asked about once it has happened, not before.
 */
export const reviewRequestDueAt = (endsAt: Date, hours: number, now: Date): Date =>
  new Date(Math.max(now.getTime(), endsAt.getTime()) + Math.round(hours * 3_600_000));

/** Why a reminder or review request did not go out: its customer turned them off. */
export const REMINDER_MAILS_OFF = 'The customer turned reminder e-mails off.';

/** How long before its booking a reminder goes out, in milliseconds (REMINDER_HOURS may have fractions). */
export const reminderLeadMs = (hours: number): number => Math.round(hours * 3_600_000);

/** The booking as a waiting message finds it when its time comes; undefined when it was deleted. */
export interface BookingNow {
  status: BookingStatus;
  startsAt: Date;
  /** Its customer turned reminder e-mails (reminders and review requests) off. */
  reminderMailsOff?: boolean;
}

/**
 * Why a message about a booking should no longer go out, checked when it is sent: a reminder
 * only for an open booking not yet begun, a review request only for a completed one. Null: send it.
 */
export function staleReason(kind: MessageKind, booking: BookingNow | undefined, now: Date): string | null {
  if (kind !== 'reminder' && kind !== 'review-request') return null;
  if (!booking) return 'The booking was deleted.';
  if (booking.reminderMailsOff) return REMINDER_MAILS_OFF;
  if (kind === 'review-request') return booking.status === 'completed' ? null : 'The booking is no longer completed.';
  if (!isOpenStatus(booking.status)) return `The booking is ${booking.status}.`;
  if (booking.startsAt.getTime() <= now.getTime()) return 'The booking has begun.';
  return null;
}

/** Sent and cancelled messages are kept this long as the log, then removed. */
export const MESSAGE_LOG_DAYS = 90;
