// `npm run db:backup -- FILE`: a consistent copy of the live database, taken with SQLite's online
// backup API, so the server can keep serving while it runs.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openDatabase } from '@/server/db/client';
import { ConfigError, loadConfig, type Config } from '@/server/env';

/** Pages per backup step: all of them. */
const WHOLE_FILE = 0x7fffffff;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const target = process.argv[2];
if (!target) fail('Usage: npm run db:backup -- FILE', 2);
const destination = resolve(target);
if (existsSync(destination)) fail(`${destination} already exists: choose a new file name.`, 2);
if (!existsSync(dirname(destination))) fail(`The folder ${dirname(destination)} does not exist: create it first.`, 1);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 1);
  throw error;
}
if (!existsSync(config.databaseFile)) fail(`No database at ${config.databaseFile}: nothing to back up.`, 1);

// Until the copy is whole it carries another name, so an interrupted run never leaves a file that
// looks like a finished backup under the name asked for.
const partial = `${destination}.partial`;
rmSync(partial, { force: true });
const database = openDatabase(config.databaseFile);
let failure: string | undefined;
try {
  // In one step: a copy made in steps starts again whenever the server writes between two of them,
  // which under a steady stream of bookings can take many rounds. One step reads one snapshot, and
  // in WAL mode the server keeps writing meanwhile.
  await database.sqlite.backup(partial, { progress: () => WHOLE_FILE });
  renameSync(partial, destination);
} catch (error) {
  rmSync(partial, { force: true });
  failure = `The backup failed: ${error instanceof Error ? error.message : String(error)}`;
} finally {
  database.close();
}
if (failure !== undefined) fail(failure, 1);
console.log(`Backed up ${config.databaseFile} to ${destination}`);
