// The till's writes carry an idempotency key (server/db/idempotent.ts): the same key for every send
// of one write (a second click, a retry after a lost answer), so the salon never charges, refunds or
// sells a voucher twice; a new key once the write went through, for the next one.
import { useState } from 'react';

/**
 * 128 random bits in hex. `crypto.getRandomValues`, not `randomUUID`: a salon that opens the back
 * office by its address on the local network (plain HTTP) has only the former.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type InputOf<TMutation extends { mutate: (input: never) => void }> = Parameters<TMutation['mutate']>[0];

/** A mutation whose `mutate` adds the key of the write it sends. */
export function withIdempotencyKey<TMutation extends { mutate: (input: never) => void }>(
  mutation: TMutation,
  key: string,
): Omit<TMutation, 'mutate'> & { mutate: (input: Omit<InputOf<TMutation>, 'idempotencyKey'>) => void } {
  const send = mutation.mutate as (input: InputOf<TMutation>) => void;
  return { ...mutation, mutate: (input) => send({ ...input, idempotencyKey: key } as InputOf<TMutation>) };
}

/** The key of the write being sent, and `next` to draw a new one once it went through. */
export function useIdempotencyKey(): { key: string; next: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  return { key, next: () => setKey(newIdempotencyKey()) };
}
