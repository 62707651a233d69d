// The salon's mail written and sent on a worker thread: composing a message (MIME, encodings, the
// calendar file) costs more CPU than the booking it confirms, and on the server's one JavaScript
// thread it halved the bookings a second it can take (docs/performance.md). The worker runs the
// same mailer (mailer.ts): SMTP_URL or the outbox folder. The server's entry point uses it; tests
// and scripts use the in-process mailer, which behaves the same.
import { Worker } from 'node:worker_threads';
import type { Config } from '@/server/env';
import type { Mailer, MailMessage } from './mailer';

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>;
type MailLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** What the worker answers: one reply per message, and the outbox mailer's log lines. */
export type WorkerReply = { id: number; error?: string } | { log: { obj: object; msg: string } };

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The compiled server (`npm run build`, dist/server) runs the compiled worker beside it. Run from
 * the sources (`npm run dev`, the tests), mail-worker.ts is TypeScript like the rest, and a worker
 * does not inherit the loader the server runs under, so tsx loads it explicitly.
 */
const COMPILED = import.meta.url.endsWith('.js');
const workerScript = (): { script: string | URL; eval: boolean } =>
  COMPILED
    ? { script: new URL('./mail-worker.js', import.meta.url), eval: false }
    : {
        script: `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./mail-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
        eval: true,
      };

export function createMailThread(config: MailConfig, log: MailLog): Mailer {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | undefined;

  const start = (): Worker => {
    const { script, eval: evaluated } = workerScript();
    const started = new Worker(script, {
      eval: evaluated,
      workerData: {
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        outboxDir: config.outboxDir,
      } satisfies MailConfig,
    });
    started.on('message', (reply: WorkerReply) => {
      if ('log' in reply) {
        log.info(reply.log.obj, reply.log.msg);
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(reply.error));
    });
    // A worker that dies fails what it held; the next mail starts a new one.
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => {
      log.error({ err: error }, 'the mail thread failed');
      fail(error);
    });
    started.on('exit', (code) => {
      fail(new Error(`the mail thread stopped (exit code ${code})`));
    });
    // Mail in flight keeps the process up through `pending` promises, not through the worker.
    started.unref();
    return started;
  };

  return {
    send(message: MailMessage) {
      worker ??= start();
      const id = nextId++;
      const sent = new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
      });
      worker.postMessage({ id, message });
      return sent;
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
