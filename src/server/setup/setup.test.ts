import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/env';
import { rowCount } from '@/server/db/client';
import { admins, bookings, services, users } from '@/server/db/schema';
import { prepareDatabase } from './setup';

const silent = { info: () => undefined };
const dirs: string[] = [];
const freshConfig = (env: Record<string, string> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'salon-setup-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, SALON_TIMEZONE: 'Europe/Paris', ...env });
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('start-up', () => {
  it('creates, migrates and seeds a new database, and a restart keeps the data without seeding twice', async () => {
    const config = freshConfig();
    const first = await prepareDatabase(config, silent);
    expect(first.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(first.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const counts = () => [services, users, admins, bookings].map((table) => rowCount(first.db, table));
    const seeded = counts();
    expect(seeded[0]).toBeGreaterThanOrEqual(8);
    first.close();

    const second = await prepareDatabase(config, silent);
    expect([services, users, admins, bookings].map((table) => rowCount(second.db, table))).toEqual(seeded);
    second.close();
  });

  it('seeds nothing in production and creates the bootstrap admin when there is none', async () => {
    const config = freshConfig({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'Owner@Salon.test',
      ADMIN_PASSWORD: 'a-long-secret',
    });
    const database = await prepareDatabase(config, silent);
    expect(rowCount(database.db, services)).toBe(0);
    expect(database.db.select({ email: admins.email }).from(admins).all()).toEqual([{ email: 'owner@salon.test' }]);
    database.close();

    const again = await prepareDatabase(
      { ...config, bootstrapAdmin: { email: 'other@salon.test', password: 'x-long-secret', name: 'Other' } },
      silent,
    );
    expect(rowCount(again.db, admins)).toBe(1);
    again.close();
  });
});
