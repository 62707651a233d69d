// HTTP load with autocannon (programmatic), and a sequential probe for per-request cost.
import { Agent, request } from 'node:http';
import autocannon, { type Request as CannonRequest } from 'autocannon';

export interface LoadResult {
  /** Requests per second over the measured run (all statuses). */
  rps: number;
  /** Latency percentiles in milliseconds, of every response. */
  p50: number;
  p99: number;
  requests: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  /** Every response's latency in ms, sorted (to combine runs: combineLoads). */
  latencies: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export interface LoadOptions {
  url: string;
  connections?: number;
  /** Seconds of load; ignored when `amount` is given. */
  duration?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request set-up (a distinct body each time); with it, `amount` should be given. */
  setupRequest?: CannonRequest['setupRequest'];
}

/** One autocannon run; latencies are taken from every response (autocannon keeps only 2xx ones). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections ?? 10,
      ...(options.amount === undefined ? { duration: options.duration ?? 5 } : { amount: options.amount }),
      requests: [
        {
          method: options.method ?? 'GET',
          path: options.path ?? '/',
          ...(options.headers ? { headers: options.headers } : {}),
          ...(options.body === undefined ? {} : { body: options.body }),
          ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
        },
      ],
    },
    (error, result) => {
      if (error) fail(error instanceof Error ? error : new Error(String(error)));
      else finish(result);
    },
  );
  let lastAnswerAt = started;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    lastAnswerAt = performance.now();
    latencies.push(responseTime);
    statuses[String(statusCode)] = (statuses[String(statusCode)] ?? 0) + 1;
  });
  const result = await done;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // autocannon reports its result at its next whole-second tick: after a fixed number of requests
  // (`amount`) its duration is rounded up to seconds, so the time to the last answer is used.
  const measuredSeconds =
    options.amount !== undefined ? (lastAnswerAt - started) / 1000 : result.duration > 0 ? result.duration : seconds;
  return loadResult(latencies, statuses, result.errors + result.timeouts, measuredSeconds);
}

/** The figures of `latencies` (sorted, in ms) answered over `seconds`. */
function loadResult(
  latencies: number[],
  statuses: Record<string, number>,
  errors: number,
  seconds: number,
): LoadResult {
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    statuses,
    errors,
    seconds,
    latencies,
  };
}

/** Runs of one scenario taken as one: their requests over their seconds, percentiles of every response. */
export function combineLoads(parts: LoadResult[]): LoadResult {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const part of parts)
    for (const [code, n] of Object.entries(part.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const errors = parts.reduce((sum, part) => sum + part.errors, 0);
  return loadResult(latencies, statuses, errors, seconds);
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export interface ProbeResult {
  p50: number;
  p99: number;
  /** Requests made: `count`, or fewer when the time budget ran out first (at least 20). */
  requests: number;
  statuses: Record<string, number>;
}

/**
 * Sequential requests on one kept-alive connection: the cost of one request with no queueing.
 * Stops early after `maxSeconds` (a slow query at 500,000 rows must not stretch the run).
 */
export async function probeSequential(
  url: string,
  count: number,
  headers: Record<string, string> = {},
  maxSeconds = 15,
): Promise<ProbeResult> {
  const started = performance.now();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  try {
    for (let i = 0; i < count; i++) {
      if (i >= 20 && performance.now() - started > maxSeconds * 1000) break;
      const t0 = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      times.push(performance.now() - t0);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length, statuses };
}
