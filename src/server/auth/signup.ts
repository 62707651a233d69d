// Sign-up: a code e-mailed to the address, the code checked, then the account created.
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { decodeBase64Image, removeStoredImage, storeImage } from '@/server/files/images';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { findUserAccount, type UserAccount } from './accounts';
import { consumeVerifiedEmail, isEmailVerified, issueOtp, OTP_VERIFIED_TTL_MS, otpSendWait, verifyOtp } from './otp';
import { hashPassword } from './passwords';
import { refuseWhileWaiting, throttle, type RateLimits } from './rate-limit';
import type { SessionCookies } from './sessions';
import { generateSecretToken, hashToken } from './tokens';
import { Conflict, InvalidRequest } from '@/server/errors';

/** Why a code was refused: sign-up's verify step and My account's e-mail change say the same. */
export const OTP_REFUSALS = {
  wrong: 'Invalid OTP.',
  expired: 'This code has expired. Please request a new one.',
  locked: 'Too many wrong codes. Please request a new one.',
  none: 'No code is pending for this email. Please request a new one.',
} as const;

export const ALREADY_REGISTERED = 'This email is already registered. Please log in.';
const NOT_VERIFIED = 'Please verify your email with OTP before signing up.';

/** An account with a password has this address. One the salon made when booking by phone has none yet. */
const isRegistered = (db: DbOrTx, email: string): boolean =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.passwordHash, '')))
    .get() !== undefined;

/** The customer the salon booked by phone with this address: signing up takes over that account and its bookings. */
const bookedBySalon = (db: DbOrTx, email: string): string | undefined =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.passwordHash, '')))
    .get()?.id;

/** The client a request comes from, and the throttles of the running app. */
interface ClientLimits {
  limits: Pick<RateLimits, 'otpPerAddress' | 'registerPerAddress'>;
  ip: string;
}

/**
 * E-mails a sign-up code. For an address that already has an account the mail says so instead,
 * and the caller answers the same: this never tells a stranger who is registered. Limited per
 * e-mail address (in the database) and per client address, so one client cannot mail many people.
 */
export function sendSignupCode(
  deps: { db: Db; config: Pick<Config, 'publicUrl'>; outbox: Outbox } & ClientLimits,
  email: string,
): void {
  const { db } = deps;
  throttle(deps.limits.otpPerAddress, deps.ip, 'Too many requests.');
  refuseWhileWaiting(otpSendWait(db, email), 'Too many codes were sent to this email.');
  db.transaction(
    (tx) => {
      const code = issueOtp(tx, email);
      enqueueMail(
        tx,
        email,
        isRegistered(tx, email)
          ? { template: 'account-exists', loginLink: `${deps.config.publicUrl}/login` }
          : { template: 'signup-code', code },
      );
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
}

/** How long the browser that typed the right code keeps its proof: the verification's own life. */
export const SIGNUP_PROOF_TTL_MS = OTP_VERIFIED_TTL_MS;

/**
 * Marks the address verified when the code is right, for this browser alone: the answer sets an
 * HttpOnly cookie holding a random proof (the database keeps its hash) that sign-up requires.
 * Otherwise says why not (400).
 */
export function checkSignupCode(deps: { db: Db; cookies: SessionCookies }, email: string, code: string): void {
  const proof = generateSecretToken();
  const result = verifyOtp(deps.db, email, code, { proofHash: hashToken(proof) });
  if (result !== 'verified') throw new InvalidRequest(OTP_REFUSALS[result]);
  deps.cookies.set('signup', proof, new Date(Date.now() + SIGNUP_PROOF_TTL_MS));
}

/**
 * Creates the customer's account for an address this browser verified. Throttled per client
 * address first; then the proof (so the answer tells a stranger nothing about who is registered:
 * without it every address gets the same 400), then whether it is registered already, all before
 * the avatar is decoded and the password hashed. The avatar is stored first and removed on
 * refusal, and the checks are made again in the transaction that writes.
 */
export async function registerCustomer(
  deps: {
    db: Db;
    config: Pick<Config, 'publicUrl' | 'uploadsDir'>;
    cookies: SessionCookies;
    signupProof: string | undefined;
  } & ClientLimits,
  input: { fullName: string; email: string; phone: string; password: string; avatar: string },
): Promise<UserAccount> {
  const { db, config } = deps;
  throttle(deps.limits.registerPerAddress, deps.ip, 'Too many requests.');
  const proofHash = deps.signupProof ? hashToken(deps.signupProof) : undefined;
  if (proofHash === undefined || !isEmailVerified(db, input.email, proofHash)) throw new InvalidRequest(NOT_VERIFIED);
  if (isRegistered(db, input.email)) throw new Conflict(ALREADY_REGISTERED);
  const avatarUrl = await storeImage(decodeBase64Image(input.avatar), config.uploadsDir);
  const passwordHash = await hashPassword(input.password);
  let id = newId();
  try {
    db.transaction(
      (tx) => {
        if (!consumeVerifiedEmail(tx, input.email, { proofHash })) {
          throw new InvalidRequest(NOT_VERIFIED);
        }
        if (isRegistered(tx, input.email)) throw new Conflict(ALREADY_REGISTERED);
        const existing = bookedBySalon(tx, input.email);
        const account = { fullName: input.fullName, phone: input.phone, avatarUrl, passwordHash };
        if (existing === undefined) {
          tx.insert(users)
            .values({ id, email: input.email, ...account })
            .run();
        } else {
          // The account the salon made when booking by phone: its bookings are this customer's.
          id = existing;
          tx.update(users).set(account).where(eq(users.id, existing)).run();
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    await removeStoredImage(avatarUrl, config.uploadsDir);
    throw error;
  }
  deps.cookies.clear('signup');
  const account = findUserAccount(db, config, id);
  if (!account) throw new Error('registered account vanished');
  return account;
}
