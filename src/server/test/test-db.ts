import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { openDatabase, type AppDatabase } from '@/server/db/client';
import { seedDemoData } from '@/server/setup/seed';
import { loadConfig, type Config } from '@/server/env';

export interface TestEnvironment {
  database: AppDatabase;
  config: Config;
}

/** A test environment whose owner removes it (`remove` closes the database, then deletes its folder). */
export interface OwnedTestEnvironment extends TestEnvironment {
  remove: () => void;
}

/**
 * A fresh SQLite file copied from the migrated template, with its own data folder. `seed: true`
 * writes the demo salon into it. The caller removes it; `createTestEnvironment` does so after the
 * test file.
 */
export async function openTestEnvironment(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<OwnedTestEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SALON_TIMEZONE: 'Asia/Kolkata',
    PUBLIC_URL: 'http://salon.test',
    ...options.env,
  });
  copyFileSync(inject('templateDatabase'), config.databaseFile);
  const database = openDatabase(config.databaseFile);
  const remove = () => {
    database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (options.seed) {
    try {
      await seedDemoData(database, { uploadsDir: config.uploadsDir, timezone: config.timezone });
    } catch (error) {
      remove();
      throw error;
    }
  }
  return { database, config, remove };
}

/**
 * A fresh SQLite file copied from the migrated template, with its own data folder, removed after
 * the test file. `seed: true` writes the demo salon into it.
 */
export async function createTestEnvironment(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestEnvironment> {
  const { database, config, remove } = await openTestEnvironment(options);
  afterAll(remove);
  return { database, config };
}
