import { TooManyRequests } from '@/server/errors';

/**
 * Counts events per key in a fixed window, in memory. One box runs one server process, so a
 * process-local count is enough for login and reset-link throttling; codes sent per address are
 * counted in the database instead (see ./otp.ts), which survives restarts.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may act again, or 0 if it may act now. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.count >= this.limit ? window.resetAt - now : 0;
  }

  hit(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 10_000) this.prune(now);
      return;
    }
    window.count += 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Takes back one counted event (an attempt counted before it was known to succeed). */
  forgive(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window && window.resetAt > now && window.count > 0) window.count -= 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const MINUTE = 60_000;

/** How many times one sale's receipt may be mailed in an hour. */
export const RECEIPTS_PER_SALE_PER_HOUR = 5;

/** The throttles of one running app (tests get fresh ones with each app). */
export function createRateLimits(perCustomer: { bookingsPerCustomerHour: number; reviewsPerCustomerHour: number }) {
  return {
    /** Booking requests per customer (BOOKINGS_PER_CUSTOMER_PER_HOUR): nobody holds every free time. */
    bookingsPerCustomer: new RateLimiter(perCustomer.bookingsPerCustomerHour, 60 * MINUTE),
    /** Standing appointments checked (`preview: true`) per customer: each plans up to 26 days. */
    seriesPreviewsPerCustomer: new RateLimiter(60, 60 * MINUTE),
    /** Reviews written per customer (REVIEWS_PER_CUSTOMER_PER_HOUR). */
    reviewsPerCustomer: new RateLimiter(perCustomer.reviewsPerCustomerHour, 60 * MINUTE),
    /** Failed logins per account (e-mail). */
    loginPerAccount: new RateLimiter(5, 15 * MINUTE),
    /** Failed logins per client address. */
    loginPerAddress: new RateLimiter(20, 15 * MINUTE),
    /** Reset links asked for per client address. */
    resetPerAddress: new RateLimiter(10, 60 * MINUTE),
    /** Reset links sent per e-mail address (silently capped: the answer never changes). */
    resetPerAccount: new RateLimiter(3, 60 * MINUTE),
    /** Sign-up codes asked for per client address, whatever the e-mail (fan-out to many addresses). */
    otpPerAddress: new RateLimiter(10, 15 * MINUTE),
    /** Wrong current passwords given to approve a change (password, e-mail, deletion), per account. */
    passwordChecksPerAccount: new RateLimiter(5, 15 * MINUTE),
    /** Reset links tried with a token that is not live, per client address (token guessing). */
    resetTriesPerAddress: new RateLimiter(10, 15 * MINUTE),
    /** Sign-up attempts per client address, checked first (before the proof, the avatar and the hash). */
    registerPerAddress: new RateLimiter(10, 60 * MINUTE),
    /** Receipts mailed per sale: enough to resend to a mistyped address, not to send one without end. */
    receiptsPerSale: new RateLimiter(RECEIPTS_PER_SALE_PER_HOUR, 60 * MINUTE),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** Throws 429 when `wait` (milliseconds) is not 0: `message`, then how long to wait. */
export function refuseWhileWaiting(wait: number, message: string): void {
  if (wait > 0) throw new TooManyRequests(`${message} Please try again in ${minutesText(wait)}.`, wait);
}

/** 429 with the wait when `key` has used up `limiter`'s window; otherwise counts this request. */
export function throttle(limiter: RateLimiter, key: string, message: string): void {
  countGuess([[limiter, key]], message);
}

/**
 * Counts a guess (a password or a code) before its outcome is known: 429 with the wait when any of
 * the keys has used up its window, else one more for each. The count comes before the hash is
 * awaited, so guesses sent in parallel (a tRPC batch, many connections) are counted as they
 * arrive, not after every one of them was tried; a right guess is forgiven by the caller.
 */
export function countGuess(counted: readonly (readonly [RateLimiter, string])[], message: string): void {
  refuseWhileWaiting(Math.max(0, ...counted.map(([limiter, key]) => limiter.retryAfter(key))), message);
  for (const [limiter, key] of counted) limiter.hit(key);
}

/** "15 minutes", "1 minute": how long to wait, for messages. */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
