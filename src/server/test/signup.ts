import type { Db } from '@/server/db/client';
import { issueOtp, verifyOtp } from '@/server/auth/otp';
import { COOKIE_NAME } from '@/server/auth/sessions';
import { generateSecretToken, hashToken } from '@/server/auth/tokens';
import type { TestClient } from './http';

/**
 * `email` verified by `client`, as if it had typed the mailed code: the database marks the
 * address verified and the client holds the proof cookie that sign-up requires.
 */
export function verifiedBy(client: TestClient, db: Db, email: string): TestClient {
  const proof = generateSecretToken();
  if (verifyOtp(db, email, issueOtp(db, email), { proofHash: hashToken(proof) }) !== 'verified')
    throw new Error(`could not verify ${email}`);
  client.cookies.set(COOKIE_NAME.signup, proof);
  return client;
}
