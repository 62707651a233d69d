// `npm run restore -- --from URL [--at 2026-11-25T16:00:00Z] [--to DATA_DIR]`: the salon's
// database and pictures from the replica REPLICA_URL streams to (replication/), into an empty data
// folder: the latest state, or as of a moment. An S3 store's endpoint, region and keys are read
// from the same REPLICA_* variables as the server's. Never over a database that exists.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LitestreamMissing } from '@/server/replication/litestream';
import { restoreFromReplica, restoreMoment, RestoreRefused } from '@/server/replication/restore';
import { describeTarget, InvalidReplicaTarget, parseReplicaTarget, settingValue } from '@/server/replication/target';

const USAGE = 'Usage: npm run restore -- --from URL [--at 2026-11-25T16:00:00Z] [--to DATA_DIR]';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let values: { from?: string | undefined; at?: string | undefined; to?: string | undefined };
try {
  ({ values } = parseArgs({
    options: { from: { type: 'string' }, at: { type: 'string' }, to: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (!values.from) fail(`--from is required: the replica's address (REPLICA_URL).\n${USAGE}`, 2);
const env = process.env;
const dataDir = resolve(values.to ?? settingValue(env.DATA_DIR) ?? './data');

try {
  const target = parseReplicaTarget(
    {
      url: values.from,
      endpoint: env.REPLICA_ENDPOINT,
      region: env.REPLICA_REGION,
      accessKeyId: env.REPLICA_ACCESS_KEY_ID,
      secretAccessKey: env.REPLICA_SECRET_ACCESS_KEY,
      sftpKeyPath: env.REPLICA_SFTP_KEY_PATH,
    },
    dataDir,
  );
  const at = values.at === undefined ? undefined : restoreMoment(values.at);
  console.log(`Restoring from ${describeTarget(target)}${at ? ` as of ${at}` : ' (latest)'} into ${dataDir}...`);
  const result = await restoreFromReplica({ target, dataDir, at });
  console.log(
    `Restored ${result.databaseFile} (integrity check ok, ${String(result.bookings)} bookings) and ${String(result.pictures)} pictures.`,
  );
  console.log(`Start the salon on it with DATA_DIR=${dataDir} npm start.`);
} catch (error) {
  if (error instanceof InvalidReplicaTarget) fail(`--from ${error.message}`, 2);
  if (error instanceof RestoreRefused || error instanceof LitestreamMissing) fail(`Not restored: ${error.message}`, 1);
  throw error;
}
