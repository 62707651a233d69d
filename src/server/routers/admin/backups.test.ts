// Settings > Backups over HTTP: the owner reads whether the database and pictures are streamed off
// the box, over /trpc and GET /api/v1/admin/backups alike, as the replicator reports it at that
// moment; every other role, a customer and a visitor are refused; without REPLICA_URL it is off.
import { beforeAll, describe, expect, it } from 'vitest';
import { REPLICATION_OFF, type ReplicationStatus } from '@/shared/schemas/backups';
import type { StaffRole } from '@/shared/constants';
import { createOrResetAdmin } from '@/server/auth/admins';
import { DEMO_RECEPTION, DEMO_SPECIALIST } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';

const TARGET = 's3://salon-backups/rose-street';

const BEHIND: ReplicationStatus = {
  state: 'behind',
  target: TARGET,
  behindSeconds: 75,
  caughtUpAt: '2026-11-25T15:58:45.000Z',
  picturesWaiting: 3,
  problem: 'The replica cannot be reached: connection timed out',
};

const CAUGHT_UP: ReplicationStatus = {
  ...BEHIND,
  state: 'running',
  behindSeconds: 1,
  caughtUpAt: '2026-11-25T16:00:59.000Z',
  picturesWaiting: 0,
  problem: null,
};

describe('the backup status, with the replication running', () => {
  // What the replicator reports; a test moves it on, as the real one does between two reads.
  let reported: ReplicationStatus = BEHIND;
  const salon = useTestApp({ admin: true, replication: () => reported });

  /** A back-office client of each role the status is not open to, signed in. */
  const others: Partial<Record<StaffRole, TestClient>> = {};

  async function signIn(email: string, password: string): Promise<TestClient> {
    const client = new TestClient(salon.app);
    const login = await client.rest('POST', '/admin/login', { email, password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return client;
  }

  beforeAll(async () => {
    // The demo has no manager: an account made as `npm run admin:create` makes it, which the owner
    // then gives the manager's role, the role nearest the owner's.
    const { id } = await createOrResetAdmin(salon.db, {
      email: 'manager@staff.test',
      password: 'manager-password-1',
      fullName: 'Mina Manager',
    });
    const demoted = await salon.admin.rest('PATCH', `/admin/team/${id}`, { role: 'manager' });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    others.manager = await signIn('manager@staff.test', 'manager-password-1');
    others.reception = await signIn(DEMO_RECEPTION.email, DEMO_RECEPTION.password);
    others.specialist = await signIn(DEMO_SPECIALIST.email, DEMO_SPECIALIST.password);
  });

  it('shows the owner how far behind the copy is, over /trpc and /api/v1 alike', async () => {
    reported = BEHIND;
    const trpc = await salon.admin.trpc<ReplicationStatus>('query', 'admin.backups.status');
    expect(trpc.status).toBe(200);
    expect(trpc.data).toEqual(BEHIND);

    const rest = await salon.admin.rest<ReplicationStatus>('GET', '/admin/backups');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      statusCode: 200,
      data: BEHIND,
      message: 'Backup status fetched successfully',
      success: true,
    });
  });

  it('answers what the replicator reports at the moment of asking, so the page’s refresh sees it catch up', async () => {
    reported = BEHIND;
    expect((await salon.admin.rest<ReplicationStatus>('GET', '/admin/backups')).body.data.state).toBe('behind');
    reported = CAUGHT_UP;
    expect((await salon.admin.rest<ReplicationStatus>('GET', '/admin/backups')).body.data).toEqual(CAUGHT_UP);
    expect((await salon.admin.trpc<ReplicationStatus>('query', 'admin.backups.status')).data).toEqual(CAUGHT_UP);
  });

  it('refuses every other role with 403, in the role’s own words, before telling where the copy goes', async () => {
    reported = BEHIND;
    for (const [role, client] of Object.entries(others)) {
      const trpc = await client.trpc('query', 'admin.backups.status');
      expect([role, trpc.status, trpc.error?.data.code]).toEqual([role, 403, 'FORBIDDEN']);
      const rest = await client.rest('GET', '/admin/backups');
      expect([role, rest.status, rest.body.success, rest.body.data]).toEqual([role, 403, false, null]);
      expect(rest.body.message).toMatch(/^(Manager|Reception|Specialist) accounts cannot do this\.$/);
      expect(JSON.stringify(rest.body)).not.toContain(TARGET);
    }
    expect(Object.keys(others).sort()).toEqual(['manager', 'reception', 'specialist']);
  });

  it('refuses a visitor without a session (401) and a customer (403)', async () => {
    const visitor = new TestClient(salon.app);
    const anonymousTrpc = await visitor.trpc('query', 'admin.backups.status');
    expect([anonymousTrpc.status, anonymousTrpc.error?.data.code]).toEqual([401, 'UNAUTHORIZED']);
    const anonymousRest = await visitor.rest('GET', '/admin/backups');
    expect([anonymousRest.status, anonymousRest.body.success]).toEqual([401, false]);

    const customer = await signedIn(salon.app, 'customer');
    const customerRest = await customer.rest('GET', '/admin/backups');
    expect([customerRest.status, customerRest.body.success]).toEqual([403, false]);
    expect(JSON.stringify(customerRest.body)).not.toContain(TARGET);
  });
});

describe('the backup status, without REPLICA_URL', () => {
  const salon = useTestApp({ admin: true });

  it('tells the owner that nothing is copied off the box', async () => {
    const rest = await salon.admin.rest<ReplicationStatus>('GET', '/admin/backups');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual({
      state: 'off',
      target: null,
      behindSeconds: null,
      caughtUpAt: null,
      picturesWaiting: 0,
      problem: null,
    });
    const trpc = await salon.admin.trpc<ReplicationStatus>('query', 'admin.backups.status');
    expect(trpc.data).toEqual(REPLICATION_OFF);
  });
});
