// The server's entry point: reads the configuration, prepares the database, listens, and
// closes gracefully on SIGTERM/SIGINT (requests in flight finish, then the database closes).
import { existsSync } from 'node:fs';
import { createServerLog, exitAfterLog } from './server-log';
import { buildApp } from './app';
import { prepareDatabase } from './setup/setup';
import { ConfigError, loadConfig, type Config } from './env';
import { createMailThread } from './mail/mail-thread';
import { LitestreamMissing } from './replication/litestream';
import { startReplicator, type Replicator } from './replication/replicator';
import { replicaHoldsDatabase, RestoreRefused } from './replication/restore';
import { describeTarget, type ReplicaTarget } from './replication/target';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Exits when the replica holds a salon (or cannot be asked) and this data folder has no database:
 * streaming a new, empty one there would make it the copy's latest state (restore.ts).
 */
async function refuseToStreamOverASalon(config: Config & { replica: ReplicaTarget }): Promise<void> {
  const where = describeTarget(config.replica);
  let holds: boolean;
  try {
    holds = await replicaHoldsDatabase(config.replica, config.dataDir);
  } catch (error) {
    if (!(error instanceof RestoreRefused || error instanceof LitestreamMissing)) throw error;
    console.error(
      `REPLICA_URL: the replica at ${where} cannot be checked (${error.message}); fix REPLICA_* or unset it.`,
    );
    process.exit(1);
  }
  if (!holds) return;
  console.error(
    `The replica at ${where} holds a salon, and ${config.databaseFile} does not exist: restore it first ` +
      `(npm run restore -- --from <REPLICA_URL> --to ${config.dataDir}), or set REPLICA_URL to a new place for a new salon.`,
  );
  process.exit(1);
}

async function main(): Promise<void> {
  const config = readConfig();
  // Written in batches without holding up the request that logged them (server-log.ts).
  const logger = createServerLog({ level: process.env.LOG_LEVEL ?? 'info' });
  // A new box with REPLICA_URL set and no database yet: the salon may be in the replica, not here.
  if (config.replica && !existsSync(config.databaseFile)) {
    await refuseToStreamOverASalon({ ...config, replica: config.replica });
  }
  const database = await prepareDatabase(config, logger);
  // Mail is composed and sent on its own thread (mail/mail-thread.ts), fed by the outbox's delivery
  // loop; closed after the app, which first sends the messages due (the rest wait in the database).
  const mailer = createMailThread(config, logger);
  // REPLICA_URL: the database and pictures are streamed off the box from here on (replication/).
  let replicator: Replicator | undefined;
  if (config.replica) {
    try {
      replicator = await startReplicator({
        target: config.replica,
        database: database.sqlite,
        dataDir: config.dataDir,
        uploadsDir: config.uploadsDir,
        log: logger,
      });
    } catch (error) {
      if (error instanceof LitestreamMissing) {
        console.error(`REPLICA_URL is set, but ${error.message}`);
        process.exit(1);
      }
      throw error;
    }
  }
  const app = await buildApp({
    config,
    database,
    logger,
    mailer,
    ...(replicator ? { replication: () => replicator.status() } : {}),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    // Litestream keeps running (and is not started again) until the last requests' writes are copied.
    replicator?.shuttingDown();
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      exitAfterLog(logger, 1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(async () => {
        mailer.close();
        // Litestream copies the last writes before the database closes.
        await replicator?.stop();
        database.close();
        app.log.info('closed');
        exitAfterLog(logger, 0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        exitAfterLog(logger, 1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`salon is open at ${config.publicUrl} (data in ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
