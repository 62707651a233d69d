// One-time sign-up codes: 4 digits from a CSPRNG, only a hash kept, 10 minutes, single use,
// void after 5 wrong tries; sending is limited per address (counted in the database).
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { OTP_LENGTH } from '@/shared/constants';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { otpCodes } from '@/server/db/schema';
import { hashToken } from './tokens';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** How long a verified address may complete its sign-up. */
export const OTP_VERIFIED_TTL_MS = 30 * 60_000;
/** Codes one address may be sent per window. */
export const OTP_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_MS = 15 * 60_000;

const codeHash = (id: string, code: string) => hashToken(`${id}:${code}`);

/**
 * Milliseconds until the address may be sent another code (0: now): when enough of its recent
 * codes have left the window, so the refusal can say when to try again.
 */
export function otpSendWait(db: Db, email: string, now = new Date()): number {
  const recent = db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), gt(otpCodes.createdAt, new Date(now.getTime() - OTP_SEND_WINDOW_MS))))
    .orderBy(desc(otpCodes.createdAt))
    .all();
  const blocking = recent[OTP_SENDS_PER_WINDOW - 1];
  return blocking ? Math.max(1, blocking.createdAt.getTime() + OTP_SEND_WINDOW_MS - now.getTime()) : 0;
}

/** A new code for the address; earlier unused codes of the address stop working. */
export function issueOtp(db: Db, email: string, now = new Date()): string {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const id = newId(now);
  db.transaction((tx) => {
    tx.update(otpCodes)
      .set({ usedAt: now })
      .where(and(eq(otpCodes.email, email), isNull(otpCodes.usedAt)))
      .run();
    tx.insert(otpCodes)
      .values({ id, email, codeHash: codeHash(id, code), expiresAt: new Date(now.getTime() + OTP_TTL_MS), createdAt: now })
      .run();
  });
  return code;
}

export type OtpCheck = 'verified' | 'wrong' | 'expired' | 'locked' | 'none';

/** Checks a code against the address's latest one, counting wrong tries. */
export function verifyOtp(db: Db, email: string, code: string, now = new Date()): OtpCheck {
  return db.transaction(
    (tx) => {
      const latest = tx
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.email, email))
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .get();
      if (!latest || latest.usedAt) return 'none';
      if (latest.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) return 'locked';
      if (latest.expiresAt.getTime() <= now.getTime()) return 'expired';
      if (latest.codeHash !== codeHash(latest.id, code)) {
        const failedAttempts = latest.failedAttempts + 1;
        tx.update(otpCodes).set({ failedAttempts }).where(eq(otpCodes.id, latest.id)).run();
        return failedAttempts >= OTP_MAX_FAILED_ATTEMPTS ? 'locked' : 'wrong';
      }
      tx.update(otpCodes)
        .set({ usedAt: now, verifiedUntil: new Date(now.getTime() + OTP_VERIFIED_TTL_MS) })
        .where(eq(otpCodes.id, latest.id))
        .run();
      return 'verified';
    },
    { behavior: 'immediate' },
  );
}

/** Whether the address is verified for a sign-up now (without using the verification up). */
export function isEmailVerified(db: DbOrTx, email: string, now = new Date()): boolean {
  return (
    db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), gt(otpCodes.verifiedUntil, now)))
      .get() !== undefined
  );
}

/** Uses up the address's verification for one sign-up; false if it has none (or it lapsed). */
export function consumeVerifiedEmail(db: DbOrTx, email: string, now = new Date()): boolean {
  const result = db
    .update(otpCodes)
    .set({ verifiedUntil: null })
    .where(and(eq(otpCodes.email, email), gt(otpCodes.verifiedUntil, now)))
    .run();
  return result.changes > 0;
}
