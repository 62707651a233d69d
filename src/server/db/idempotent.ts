// Idempotency keys (README "The till"): a money write sent again with the key of one that went
// through (an answer lost on the way, a second click) answers the record the first made and
// writes nothing more; the same key with another request is refused. Both calls run inside the
// write's own IMMEDIATE transaction, so two requests with one key at once meet in order: the
// second finds the first's row. The key's primary key is the backstop across processes.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { idempotentWrites, type IdempotentWrite } from './schema';
import { Conflict } from '@/server/errors';

/** What a request with a key carries besides its key. */
type Keyed = { idempotencyKey?: string | undefined } & Record<string, unknown>;

export const KEY_USED_FOR_ANOTHER_REQUEST =
  'This idempotency key was used for another request. Send a new key with each new sale, voucher or refund.';

/** SHA-256 of the request as validated, without its key (its fields in the schema's order). */
const digestOf = ({ idempotencyKey: _key, ...request }: Keyed): string =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * The id of the record an earlier `write` with this request's key made, or undefined when the key
 * is new or not given; refused (409) when the key went with another write or another request.
 */
export function earlierWrite(tx: DbOrTx, write: IdempotentWrite, request: Keyed): string | undefined {
  if (request.idempotencyKey === undefined) return undefined;
  const earlier = tx.select().from(idempotentWrites).where(eq(idempotentWrites.key, request.idempotencyKey)).get();
  if (!earlier) return undefined;
  if (earlier.write !== write || earlier.requestDigest !== digestOf(request)) {
    throw new Conflict(KEY_USED_FOR_ANOTHER_REQUEST);
  }
  return earlier.resultId;
}

/** Keeps this request's key with the record it made (nothing when it has no key). */
export function rememberWrite(tx: DbOrTx, write: IdempotentWrite, request: Keyed, resultId: string): void {
  if (request.idempotencyKey === undefined) return;
  tx.insert(idempotentWrites)
    .values({ key: request.idempotencyKey, write, requestDigest: digestOf(request), resultId })
    .run();
}
