// The till's writes carry an idempotency key (server/db/idempotent.ts): the same key for every send
// of one write (a second click, a retry after a lost answer), so the salon never charges, refunds or
// sells a voucher twice; a new key once the write went through, for the next one.
import { useState } from 'react';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '@/shared/schemas/fields';

/**
 * 128 random bits in hex. `crypto.getRandomValues`, not `randomUUID`: a salon that opens the back
 * office by its address on the local network (plain HTTP) has only the former.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type InputOf<TMutation extends { mutate: (input: never) => void }> = Parameters<TMutation['mutate']>[0];

/** A mutation whose `mutate` adds the key of the write it sends (and no `mutateAsync`, which would not). */
export function withIdempotencyKey<TMutation extends { mutate: (input: never) => void; mutateAsync?: unknown }>(
  mutation: TMutation,
  key: string,
): Omit<TMutation, 'mutate' | 'mutateAsync'> & { mutate: (input: Omit<InputOf<TMutation>, 'idempotencyKey'>) => void } {
  const { mutateAsync: _unkeyed, ...rest } = mutation;
  const send = mutation.mutate as (input: InputOf<TMutation>) => void;
  const mutate = (input: Omit<InputOf<TMutation>, 'idempotencyKey'>) =>
    send({ ...input, idempotencyKey: key } as InputOf<TMutation>);
  return { ...(rest as Omit<TMutation, 'mutate' | 'mutateAsync'>), mutate };
}

/**
 * The key of the write being sent; `next` draws a new one once it went through. `afterError`: a
 * key the server says went with another request (an earlier try that was recorded, its answer
 * lost) is spent, so the next send gets a new one.
 */
export function useIdempotencyKey(): {
  key: string;
  next: () => void;
  afterError: (error: { message: string }) => void;
} {
  const [key, setKey] = useState(newIdempotencyKey);
  const next = () => setKey(newIdempotencyKey());
  return {
    key,
    next,
    afterError: (error) => {
      if (error.message === KEY_USED_FOR_ANOTHER_REQUEST) next();
    },
  };
}
