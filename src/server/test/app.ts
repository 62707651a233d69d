// The one fixture of the tests that need the HTTP application: a fresh database (the demo salon by
// default), the app built on it, and what the file asks for around it (a real SMTP server, a webhook
// receiver, the demo admin signed in), all closed after the file.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '@/server/app';
import type { AppDatabase, Db } from '@/server/db/client';
import type { Config } from '@/server/env';
import { signedIn } from './catalogue';
import type { TestClient } from './http';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { openTestEnvironment, type OwnedTestEnvironment, type TestEnvironment } from './test-db';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export interface TestAppOptions {
  /** The demo salon in the database; default true. */
  seed?: boolean;
  /** A real SMTP server in this process, started first and given to the app as SMTP_URL. */
  smtp?: boolean;
  /** A webhook receiver, and WEBHOOK_ALLOW_HOSTS=127.0.0.1 so the app may deliver to it. */
  webhooks?: boolean;
  /** More environment for the app's configuration (it wins over what `smtp` and `webhooks` set). */
  env?: Record<string, string>;
  /** Sign the demo admin in (`admin`). */
  admin?: boolean;
  /** The web client folder to serve (a function: made when the app is built); default none. */
  clientDir?: string | null | (() => string);
  delivery?: BuildAppOptions['delivery'];
  /**
   * How often freed times go on to the waitlist; by default an hour: tests run a pass with
   * `app.waitlist.runNow()` (the nudges' loop likewise waits an hour).
   */
  waitlistPollMs?: number;
  onRoute?: BuildAppOptions['onRoute'];
  /** The replication's state as the app reads it; default none (REPLICA_URL not set). */
  replication?: BuildAppOptions['replication'];
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly env: TestEnvironment;
  readonly database: AppDatabase;
  readonly db: Db;
  readonly config: Config;
  /** Only with `smtp: true`. */
  readonly smtp: TestSmtpServer;
  /** Only with `webhooks: true`. */
  readonly hooks: WebhookReceiver;
  /** Only with `admin: true`: a client with the demo admin's session. */
  readonly admin: TestClient;
  /**
   * The server stopped and started again: closes the app (if the test has not) and builds a new one
   * on the same database, which the fixture closes in the end. `config`: what the new one reads differently.
   */
  restart(config?: Partial<Config>): Promise<FastifyInstance>;
}

interface Running {
  env: OwnedTestEnvironment;
  app: FastifyInstance;
  smtp?: TestSmtpServer;
  hooks?: WebhookReceiver;
  admin?: TestClient;
  clientDir: string | null;
}

/**
 * Registers the hooks that start the app before the tests of the calling file or describe block
 * and close it after them: the app, then the SMTP server, then
 * the webhook receiver, then the database and its data folder. Read the handle in hooks and tests.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let running: Running | undefined;

  const current = (): Running => {
    if (!running) throw new Error('useTestApp: the app is only there inside hooks and tests');
    return running;
  };
  const asked = <T>(value: T | undefined, option: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ask for it with \`${option}: true\``);
    return value;
  };
  const build = (env: TestEnvironment, clientDir: string | null, config: Partial<Config> = {}) =>
    buildApp({
      config: { ...env.config, ...config },
      database: env.database,
      clientDir,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      waitlistPollMs: options.waitlistPollMs ?? 3_600_000,
      nudgesPollMs: 3_600_000,
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.replication ? { replication: options.replication } : {}),
    });

  // What has started so far, so that a start that fails half-way closes what it opened.
  let parts: Partial<Running> = {};

  const start = async () => {
    parts = {};
    if (options.smtp) parts.smtp = await startSmtpServer();
    if (options.webhooks) parts.hooks = await startWebhookReceiver();
    parts.env = await openTestEnvironment({
      seed: options.seed ?? true,
      env: {
        ...(parts.smtp ? { SMTP_URL: parts.smtp.url } : {}),
        ...(parts.hooks ? { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } : {}),
        ...options.env,
      },
    });
    const clientDir = typeof options.clientDir === 'function' ? options.clientDir() : (options.clientDir ?? null);
    const app = await build(parts.env, clientDir);
    const ready: Running = { ...parts, env: parts.env, app, clientDir };
    parts = ready;
    if (options.admin) ready.admin = await signedIn(app, 'admin');
    running = ready;
  };

  const stop = async () => {
    const stopping = parts;
    parts = {};
    running = undefined;
    await stopping.app?.close();
    await stopping.smtp?.close();
    await stopping.hooks?.close();
    stopping.env?.remove();
  };

  beforeAll(start);
  afterAll(stop);

  return {
    get app() {
      return current().app;
    },
    get env() {
      return current().env;
    },
    get database() {
      return current().env.database;
    },
    get db() {
      return current().env.database.db;
    },
    get config() {
      return current().env.config;
    },
    get smtp() {
      return asked(current().smtp, 'smtp');
    },
    get hooks() {
      return asked(current().hooks, 'webhooks');
    },
    get admin() {
      return asked(current().admin, 'admin');
    },
    async restart(config) {
      const now = current();
      await now.app.close();
      now.app = await build(now.env, now.clientDir, config);
      return now.app;
    },
  };
}
