import { describe, expect, it } from 'vitest';
import { createSaleSchema, createVoucherSchema, refundInputSchema } from '@/shared/schemas/sales';
import { newIdempotencyKey, withIdempotencyKey } from './idempotency-key';

describe('the till’s idempotency keys', () => {
  it('draws keys the server takes, a new one each time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(200);
    for (const idempotencyKey of keys.slice(0, 20)) {
      const sale = { items: [{ description: 'Argan oil', price: 10 }], idempotencyKey };
      expect(createSaleSchema.parse(sale).idempotencyKey).toBe(idempotencyKey);
      expect(createVoucherSchema.parse({ value: 20, idempotencyKey }).idempotencyKey).toBe(idempotencyKey);
      const refund = { id: 'sale-1', amount: 5, method: 'cash', reason: 'Leaking cap', idempotencyKey };
      expect(refundInputSchema.parse(refund).idempotencyKey).toBe(idempotencyKey);
    }
  });

  it('sends every request of one write with its key, and keeps the rest of the mutation', () => {
    const sent: unknown[] = [];
    const mutation = {
      isPending: true,
      mutate: (input: { value: number; idempotencyKey?: string }) => sent.push(input),
      mutateAsync: () => Promise.resolve(),
    };
    const keyed = withIdempotencyKey(mutation, 'till-key-0001');
    keyed.mutate({ value: 20 });
    keyed.mutate({ value: 20 });
    expect(sent).toEqual([
      { value: 20, idempotencyKey: 'till-key-0001' },
      { value: 20, idempotencyKey: 'till-key-0001' },
    ]);
    expect(keyed.isPending).toBe(true);
    // mutateAsync would send without the key: it is not there to call.
    expect('mutateAsync' in keyed).toBe(false);
  });
});
