// A job the server runs every so often beside the requests (the waitlist's hand-on of freed times,
// the nudges to rebook): one pass at a time, a failing pass logged and the next one run, stopped
// with the server.
import type { FastifyBaseLogger } from 'fastify';

/** Where a job says what went wrong. */
export type PeriodicLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface Periodic<T> {
  /** Runs a pass now (after the current one, at `now` if given), answering what it did. */
  runNow(now?: Date): Promise<T>;
  close(): Promise<void>;
}

/**
 * Runs `pass` every `pollMs` (and first after `firstMs`, when given) until closed. `idle` is what a
 * pass that failed or ran after closing answers; `failed` is the log line of a failure.
 */
export function startPeriodic<T>(options: {
  pass: (now?: Date) => T;
  pollMs: number;
  firstMs?: number;
  idle: T;
  log: PeriodicLog;
  failed: string;
}): Periodic<T> {
  let closed = false;
  let running: Promise<T> = Promise.resolve(options.idle);
  const pass = (now?: Date) => {
    running = running.then(() => {
      if (closed) return options.idle;
      try {
        return options.pass(now);
      } catch (error) {
        options.log.error({ err: error }, options.failed);
        return options.idle;
      }
    });
    return running;
  };
  const first = options.firstMs === undefined ? undefined : setTimeout(() => void pass(), options.firstMs);
  first?.unref();
  const timer = setInterval(() => void pass(), options.pollMs);
  timer.unref();
  return {
    runNow: pass,
    close: async () => {
      closed = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
