// Idempotency keys (README "The till"): a money write sent again with the key of one that went
// through (an answer lost on the way, a second click) answers the record the first made and
// writes nothing more; the same key with another request, or from another account, is refused.
// A key is remembered for IDEMPOTENCY_KEY_HOURS. Both calls run inside the write's own IMMEDIATE
// transaction, which holds the database's write lock from its start: two requests with one key,
// from one process or two, meet in order, and the second finds the first's row.
import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HOURS } from '@/shared/constants';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '@/shared/schemas/fields';
import type { DbOrTx } from './client';
import { idempotentWrites, type IdempotentWrite } from './schema';
import { Conflict } from '@/server/errors';

/** What a request with a key carries besides its key. */
type Keyed = { idempotencyKey?: string | undefined } & Record<string, unknown>;

/** Who sends it: the staff account's or the API token's id. */
type Sender = { id: string | null };

/** SHA-256 of who sent the request and the request as validated, without its key (its fields in the schema's order). */
const digestOf = (by: Sender, { idempotencyKey: _key, ...request }: Keyed): string =>
  createHash('sha256')
    .update(JSON.stringify([by.id, request]))
    .digest('hex');

/**
 * The id of the record an earlier `write` with this request's key made, or undefined when the key
 * is new, not given, or older than IDEMPOTENCY_KEY_HOURS; refused (409) when the
 * key went with another write, another request or another sender.
 */
export function earlierWrite(tx: DbOrTx, write: IdempotentWrite, by: Sender, request: Keyed): string | undefined {
  if (request.idempotencyKey === undefined) return undefined;
  const earlier = tx.select().from(idempotentWrites).where(eq(idempotentWrites.key, request.idempotencyKey)).get();
  if (!earlier) return undefined;
  // Forgotten: rememberWrite lets it go before keeping the key anew.
  if (earlier.createdAt < forgottenBefore()) return undefined;
  if (earlier.write !== write || earlier.requestDigest !== digestOf(by, request)) {
    throw new Conflict(KEY_USED_FOR_ANOTHER_REQUEST);
  }
  return earlier.resultId;
}

/** The moment before which a key is forgotten. */
const forgottenBefore = (): Date => new Date(Date.now() - IDEMPOTENCY_KEY_HOURS * 3_600_000);

/**
 * Keeps this request's key with the record it made (nothing when it has no key), and lets go of
 * the keys older than IDEMPOTENCY_KEY_HOURS: the table holds about a day of keyed writes.
 */
export function rememberWrite(tx: DbOrTx, write: IdempotentWrite, by: Sender, request: Keyed, resultId: string): void {
  if (request.idempotencyKey === undefined) return;
  tx.delete(idempotentWrites).where(lt(idempotentWrites.createdAt, forgottenBefore())).run();
  tx.insert(idempotentWrites)
    .values({ key: request.idempotencyKey, write, requestDigest: digestOf(by, request), resultId })
    .run();
}
