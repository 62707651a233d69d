// Password reset tokens: random, only their hash stored, valid 1 hour, single use.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { passwordResetTokens } from '@/server/db/schema';
import type { SessionKind } from './sessions';
import { generateSecretToken, hashToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * A new single-use token for `accountId`: a password reset's (an hour) or, with `ttlMs`, a staff
 * invitation's (team/team.ts). Only its hash is stored.
 */
export function issueResetToken(
  db: DbOrTx,
  kind: SessionKind,
  accountId: string,
  now = new Date(),
  ttlMs = RESET_TOKEN_TTL_MS,
): string {
  const token = generateSecretToken();
  db.insert(passwordResetTokens)
    .values({
      id: hashToken(token),
      userId: kind === 'user' ? accountId : null,
      adminId: kind === 'admin' ? accountId : null,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    })
    .run();
  return token;
}

/** Whether a token is live (known, unused, unexpired), without using it up: checked before hashing. */
export function isLiveResetToken(db: Db, token: string, now = new Date()): boolean {
  return (
    db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.id, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .get() !== undefined
  );
}

/** Uses a token up; returns whose it was, or null if it is unknown, used or expired. */
export function consumeResetToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): { kind: SessionKind; accountId: string } | null {
  const id = hashToken(token);
  const [row] = db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
    )
    .returning({ userId: passwordResetTokens.userId, adminId: passwordResetTokens.adminId })
    .all();
  if (!row) return null;
  if (row.userId) return { kind: 'user', accountId: row.userId };
  if (row.adminId) return { kind: 'admin', accountId: row.adminId };
  return null;
}

/** Uses up every link of the account still open (its password was just set, or it was deactivated). */
export function voidResetTokens(db: DbOrTx, kind: SessionKind, accountId: string, now = new Date()): void {
  const owner = kind === 'user' ? passwordResetTokens.userId : passwordResetTokens.adminId;
  db.update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(owner, accountId), isNull(passwordResetTokens.usedAt)))
    .run();
}
