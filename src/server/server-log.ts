// The running server's log: pino's JSON lines on standard output, written in batches. A line at
// info or below waits until 4 KB of lines are waiting or a second has passed, so a busy server
// writes its log once every dozen or so requests rather than once per request (each write is a
// trip to libuv's thread pool and a system call: on a small box they cost more than the line).
// A warning or an error is written at once, with whatever waited before it. What is left when the
// process exits is written then (pino's exit hook), as before. See docs/performance.md.
import pino, { type Logger } from 'pino';

/** Lines wait until this many bytes of them are waiting... */
export const LOG_BATCH_BYTES = 4096;
/** ...or this many milliseconds have passed. */
export const LOG_FLUSH_MS = 1000;

export interface ServerLogOptions {
  level: string;
  /** An open file descriptor; standard output by default. */
  fd?: number;
}

export function createServerLog(options: ServerLogOptions): Logger {
  const destination = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  const warn = pino.levels.values.warn ?? 40;
  // sonic-boom's flush does nothing while a write is under way, and what waits after that write
  // waits for the next batch: so flush again when the write is done ('drain'), once per burst.
  let flushAfterWrite = false;
  // Set as the stream closes (destroy, or end once all is written), before its 'close' event; it
  // is not in sonic-boom's types. A closed stream's flush throws.
  const closed = () => (destination as { destroyed?: boolean }).destroyed === true;
  const writeNow = () => {
    if (closed()) return;
    destination.flush();
    if (flushAfterWrite) return;
    flushAfterWrite = true;
    destination.once('drain', () => {
      flushAfterWrite = false;
      if (!closed()) destination.flush();
    });
  };
  return pino(
    {
      level: options.level,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= warn) writeNow();
        },
      },
    },
    destination,
  );
}

/**
 * Ends the process once the log's write under way is done: pino writes what still waits when the
 * process exits, and a batch still in flight would otherwise be cut off or land after it.
 */
export function exitAfterLog(logger: Logger, code: number): void {
  const exit = () => process.exit(code);
  // A log that cannot be written (standard output gone) does not hold the exit up.
  setTimeout(exit, 2000).unref();
  logger.flush(exit);
}
