// `npm run db:seed`: writes the demo salon into DATA_DIR/salon.db if that database is empty.
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { seedDemoData } from '@/server/setup/seed';
import { loadConfig } from '@/server/env';

const config = loadConfig();
const database = openDatabase(config.databaseFile);
migrateDatabase(database);
const seeded = await seedDemoData(database, { uploadsDir: config.uploadsDir, timezone: config.timezone });
database.close();
console.log(seeded ? `Demo data written to ${config.databaseFile}` : 'The database is not empty: nothing was seeded.');
