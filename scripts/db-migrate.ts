// `npm run db:migrate`: applies pending migrations to DATA_DIR/salon.db (the server also does at start).
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { loadConfig } from '@/server/env';

const config = loadConfig();
const database = openDatabase(config.databaseFile);
migrateDatabase(database);
database.close();
console.log(`Migrations applied to ${config.databaseFile}`);
