import type { FastifyBaseLogger } from 'fastify';
import { adminCount, createOrResetAdmin } from '@/server/auth/admins';
import { deleteExpiredSessions } from '@/server/auth/sessions';
import type { Config } from '@/server/env';
import { migrateDatabase, openDatabase, type AppDatabase } from '@/server/db/client';
import { seedDemoData } from './seed';

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * What every start does before serving: open the database, apply pending migrations, seed the
 * demo salon into an empty database (when configured), and create the bootstrap admin if none.
 */
export async function prepareDatabase(config: Config, log: Log): Promise<AppDatabase> {
  const database = openDatabase(config.databaseFile);
  try {
    migrateDatabase(database);
    // Sessions nobody came back to are otherwise only removed when their cookie is presented.
    deleteExpiredSessions(database.db);
    if (config.seedDemo) {
      const seeded = await seedDemoData(database, { uploadsDir: config.uploadsDir, timezone: config.timezone });
      if (seeded) log.info('seeded the demo salon into the empty database');
    }
    if (config.bootstrapAdmin && adminCount(database.db) === 0) {
      await createOrResetAdmin(database.db, {
        email: config.bootstrapAdmin.email,
        password: config.bootstrapAdmin.password,
        fullName: config.bootstrapAdmin.name,
      });
      log.info(`created the admin account ${config.bootstrapAdmin.email}`);
    }
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}
