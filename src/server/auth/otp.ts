// One-time sign-up codes: 4 digits from a CSPRNG, only a hash kept, 10 minutes, single use,
// void after 5 wrong tries; sending is limited per address (counted in the database). A new code
// does not void the address's earlier live ones: anyone may ask for a code for any address, so a
// stranger asking again must not kill the code its owner is about to type.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
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

/** A new code for the address; its earlier codes still live stay valid until used or expired. */
export function issueOtp(db: DbOrTx, email: string, now = new Date()): string {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const id = newId(now);
  db.insert(otpCodes)
    .values({
      id,
      email,
      codeHash: codeHash(id, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    })
    .run();
  return code;
}

export type OtpCheck = 'verified' | 'wrong' | 'expired' | 'locked' | 'none';

/**
 * Checks a code against the address's live codes (unused, unexpired: at most OTP_SENDS_PER_WINDOW),
 * counting wrong tries on all of them at once: after OTP_MAX_FAILED_ATTEMPTS wrong codes every
 * live code of the address is void. The right code uses up all of them and verifies the address,
 * for the holder of the proof whose hash is `proofHash` when one is given (sign-up's cookie).
 */
export function verifyOtp(
  db: Db,
  email: string,
  code: string,
  options: { proofHash?: string; now?: Date } = {},
): OtpCheck {
  const now = options.now ?? new Date();
  return db.transaction(
    (tx) => {
      const codes = tx
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.email, email))
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .all();
      const unused = codes.filter((row) => !row.usedAt);
      const live = unused.filter((row) => row.expiresAt.getTime() > now.getTime());
      if (live.length === 0) return unused.length > 0 && codes[0] === unused[0] ? 'expired' : 'none';
      const open = live.filter((row) => row.failedAttempts < OTP_MAX_FAILED_ATTEMPTS);
      if (open.length === 0) return 'locked';
      const liveIds = live.map((row) => row.id);
      const matched = open.find((row) => row.codeHash === codeHash(row.id, code));
      if (!matched) {
        // The open codes share one count, so a wrong try counts once however many are live.
        const failedAttempts = Math.max(...open.map((row) => row.failedAttempts)) + 1;
        tx.update(otpCodes)
          .set({ failedAttempts })
          .where(
            inArray(
              otpCodes.id,
              open.map((row) => row.id),
            ),
          )
          .run();
        return failedAttempts >= OTP_MAX_FAILED_ATTEMPTS ? 'locked' : 'wrong';
      }
      tx.update(otpCodes).set({ usedAt: now }).where(inArray(otpCodes.id, liveIds)).run();
      tx.update(otpCodes)
        .set({ verifiedUntil: new Date(now.getTime() + OTP_VERIFIED_TTL_MS), proofHash: options.proofHash ?? null })
        .where(eq(otpCodes.id, matched.id))
        .run();
      return 'verified';
    },
    { behavior: 'immediate' },
  );
}

/**
 * Whether the holder of the proof whose hash is `proofHash` verified the address and may sign up
 * now (without using the verification up). Without the proof nobody may: a code typed by the
 * customer does not let a stranger polling sign-up take their address.
 */
export function isEmailVerified(db: DbOrTx, email: string, proofHash: string, now = new Date()): boolean {
  return (
    db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.proofHash, proofHash), gt(otpCodes.verifiedUntil, now)))
      .get() !== undefined
  );
}

/**
 * Uses up the address's verification (the one of the proof `proofHash`, when given) for one
 * sign-up or e-mail change; false if there is none (or it lapsed).
 */
export function consumeVerifiedEmail(
  db: DbOrTx,
  email: string,
  options: { proofHash?: string; now?: Date } = {},
): boolean {
  const now = options.now ?? new Date();
  const proof = options.proofHash === undefined ? undefined : eq(otpCodes.proofHash, options.proofHash);
  const result = db
    .update(otpCodes)
    .set({ verifiedUntil: null, proofHash: null })
    .where(and(eq(otpCodes.email, email), gt(otpCodes.verifiedUntil, now), proof))
    .run();
  return result.changes > 0;
}
