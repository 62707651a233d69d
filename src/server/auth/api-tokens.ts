// API tokens for scripts: `Authorization: Bearer <token>` acts as the admin who made the token.
// Like session tokens, the secret is random and only its SHA-256 is stored, so a copy of the
// database holds no usable token. See docs/decisions/0012-api-tokens.md.
import { and, desc, eq } from 'drizzle-orm';
import type { ApiTokenView } from '@/shared/schemas/api-tokens';
import type { Db } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { admins, apiTokens } from '@/server/db/schema';
import type { SessionUser } from './sessions';
import { generateSecretToken, hashToken } from './tokens';

/** Makes a leaked token recognisable (secret scanners, logs) and tells it from a session token. */
export const API_TOKEN_PREFIX = 'salon_';

/** A token's last-used time is written at most this often: a busy script costs no write per call. */
export const LAST_USED_GRANULARITY_MS = 60 * 1000;

/** The admin a valid token acts as, and which token it was. */
export interface ApiTokenUser extends SessionUser {
  tokenId: string;
  /** The token's name, which the activity log shows as who made a change. */
  tokenName: string;
}

const viewColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

function toView(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): ApiTokenView {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** Creates a token for the admin; `token` is the secret, returned this once and never stored. */
export function createApiToken(
  db: Db,
  input: { adminId: string; name: string },
  now: Date = new Date(),
): { token: string; apiToken: ApiTokenView } {
  const token = API_TOKEN_PREFIX + generateSecretToken();
  const row = { id: newId(now), name: input.name.trim(), createdAt: now, lastUsedAt: null };
  db.insert(apiTokens)
    .values({ ...row, adminId: input.adminId, tokenHash: hashToken(token) })
    .run();
  return { token, apiToken: toView(row) };
}

/** The admin's own tokens, newest first. */
export function listApiTokens(db: Db, adminId: string): ApiTokenView[] {
  return db
    .select(viewColumns)
    .from(apiTokens)
    .where(eq(apiTokens.adminId, adminId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .all()
    .map(toView);
}

/** Deletes one of the admin's own tokens; false when it is unknown or another admin's. */
export function revokeApiToken(db: Db, adminId: string, id: string): boolean {
  const result = db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.adminId, adminId)))
    .run();
  return result.changes > 0;
}

/**
 * The admin a presented token acts as, or null for an unknown or revoked one. Notes the time of
 * use, at most once per LAST_USED_GRANULARITY_MS.
 */
export function validateApiToken(db: Db, token: string, now: Date = new Date()): ApiTokenUser | null {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const row = db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      lastUsedAt: apiTokens.lastUsedAt,
      id: admins.id,
      fullName: admins.fullName,
      email: admins.email,
      role: admins.role,
      specialistId: admins.specialistId,
    })
    .from(apiTokens)
    .innerJoin(admins, eq(apiTokens.adminId, admins.id))
    // A token acts with its maker's role, and ends when its maker is deactivated.
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), eq(admins.active, true)))
    .get();
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId)).run();
  }
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    specialistId: row.specialistId,
    tokenId: row.tokenId,
    tokenName: row.tokenName,
  };
}
