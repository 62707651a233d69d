// Every back-office change says what the activity log records of it (trpc/init.ts ActivityMeta):
// a procedure added later without it fails here, so no change slips past the log unnoticed.
import type { TRPCRouterRecord } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@/server/routers';
import type { ProcedureMeta } from '@/server/trpc/init';

function mutationsOf(record: TRPCRouterRecord, prefix: string): { path: string; meta: ProcedureMeta | undefined }[] {
  return Object.entries(record).flatMap(([key, value]) =>
    typeof value === 'function'
      ? value._def.type === 'mutation'
        ? [{ path: `${prefix}${key}`, meta: value._def.meta as ProcedureMeta | undefined }]
        : []
      : mutationsOf(value, `${prefix}${key}.`),
  );
}

describe('the activity log covers every back-office change', () => {
  const mutations = mutationsOf((appRouter._def.record as TRPCRouterRecord).admin as TRPCRouterRecord, 'admin.');

  it('finds the back office’s mutations', () => {
    expect(mutations.map((m) => m.path)).toEqual(
      expect.arrayContaining(['admin.bookings.create', 'admin.services.update', 'admin.team.invite']),
    );
  });

  it('has every one declare what it records', () => {
    expect(mutations.filter((m) => m.meta?.activity === undefined).map((m) => m.path)).toEqual([]);
  });

  it('leaves bookings to the booking commands and records the rest by kind', () => {
    const of = (path: string) => mutations.find((m) => m.path === path)?.meta?.activity;
    expect(of('admin.bookings.updateStatus')).toBe('booking');
    expect(of('admin.visits.move')).toBe('booking');
    expect(of('admin.services.delete')).toEqual({ entity: 'service', action: 'deleted' });
    expect(of('admin.webhooks.test')).toBe('none');
  });
});
