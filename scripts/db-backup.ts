// `npm run db:backup -- FILE`: a consistent copy of the live database, taken with SQLite's online
// backup API, so the server can keep serving while it runs.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run db:backup -- FILE');
  process.exit(2);
}
const destination = resolve(target);
if (existsSync(destination)) {
  console.error(`${destination} already exists: choose a new file name.`);
  process.exit(2);
}
const config = loadConfig();
if (!existsSync(config.databaseFile)) {
  console.error(`No database at ${config.databaseFile}: nothing to back up.`);
  process.exit(1);
}
const database = openDatabase(config.databaseFile);
await database.sqlite.backup(destination);
database.close();
console.log(`Backed up ${config.databaseFile} to ${destination}`);
