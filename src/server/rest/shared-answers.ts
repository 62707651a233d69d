// Answers that are the same for every visitor (the public catalogue lists: procedures marked
// `.meta({ sharedAnswer: true })`) are sent from the catalogue cache (catalogue/cache.ts) as bytes
// serialized once, gzipped once, whether they are asked for over /api/v1 or /trpc. The cache is
// emptied by every admin mutation and by another process's commit, so a hit is never stale.
// Only a request with no credentials at all is answered this way: any session cookie or token
// goes the whole way (a stale cookie is cleared, a bad token refused).
// It lives in rest/ with the other HTTP-side helpers: it answers before any procedure runs.
// See docs/decisions/0015-server-speed.md.
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { cacheGeneration, recall, rememberIfCurrent } from '@/server/catalogue/cache';
import type { AppDatabase } from '@/server/db/client';
import { createCaller } from '@/server/routers';
import { createRequestContext, type RequestContextDeps } from '@/server/trpc/context';
import type { ProcedureMeta } from '@/server/trpc/init';
import { callProcedure, procedureAt } from './procedures';

/** A whole answer: its status and body, and the body gzipped once a client asked for it. */
export interface SharedAnswer {
  status: number;
  body: Buffer;
  gzipped?: Buffer;
}

/** True when the procedure at `path` answers everyone alike (its meta says so). */
export function hasSharedAnswer(path: string): boolean {
  const meta = procedureAt(path)?._def.meta as ProcedureMeta | undefined;
  return meta?.sharedAnswer === true;
}

/** True when the request carries no session cookie and no token. */
export function isAnonymous(request: FastifyRequest): boolean {
  return (
    request.headers.authorization === undefined &&
    request.cookies[SESSION_COOKIE.user] === undefined &&
    request.cookies[SESSION_COOKIE.admin] === undefined
  );
}

/** The remembered answer under `key`, or undefined. */
export function recallAnswer(db: AppDatabase['db'], key: string): SharedAnswer | undefined {
  return recall(db, key) as SharedAnswer | undefined;
}

/**
 * `body` (JSON text) as an answer, remembered under `key` unless the catalogue changed since
 * `generation` (`cacheGeneration`, taken before the answer was computed).
 */
export function rememberAnswer(
  db: AppDatabase['db'],
  generation: object,
  key: string,
  status: number,
  body: string,
): SharedAnswer {
  return rememberIfCurrent(db, generation, key, { status, body: Buffer.from(body) });
}

/** Whether the client takes a gzipped body (a browser always does). */
export const acceptsGzip = (request: FastifyRequest): boolean =>
  /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer): FastifyReply {
  // Added to what CORS varies on already (Origin), never in its place.
  const vary = reply.getHeader('vary');
  void reply
    .code(answer.status)
    .header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    .type('application/json; charset=utf-8');
  if (!acceptsGzip(request)) return reply.send(answer.body);
  answer.gzipped ??= gzipSync(answer.body);
  return reply.header('content-encoding', 'gzip').send(answer.gzipped);
}

interface TrpcAsk {
  key: string;
  /** The procedures asked for, in order. */
  paths: string[];
  batch: boolean;
}

/**
 * An anonymous tRPC GET of shared answers only, with no input: plain
 * (`/trpc/public.services.list`) or as the web client's batch link sends it
 * (`/trpc/public.services.list,public.specialists.list?batch=1&input={}`). Anything else: undefined.
 */
function sharedTrpcAsk(request: FastifyRequest, prefix: string): TrpcAsk | undefined {
  if (request.method !== 'GET' || !request.url.startsWith(`${prefix}/`)) return undefined;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const paths = pathname.slice(prefix.length + 1).split(',');
  // Each procedure once: the keys stay few, whatever a client sends.
  if (new Set(paths).size !== paths.length || !paths.every(hasSharedAnswer)) return undefined;
  const query = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
  const batch = query.get('batch');
  const input = query.get('input');
  if ([...query.keys()].some((key) => key !== 'batch' && key !== 'input')) return undefined;
  if (batch !== null && batch !== '1') return undefined;
  if (batch === null && paths.length > 1) return undefined;
  if (input !== null && input !== '{}') return undefined;
  if (!isAnonymous(request)) return undefined;
  return { key: `trpc ${pathname}${batch === null ? '' : ' batch'}`, paths, batch: batch !== null };
}

/**
 * A hook that answers `/trpc` GETs of shared answers from the cache, in tRPC's own JSON shape
 * (`{"result":{"data":...}}`, an array of them for a batch), computing and remembering the
 * answer through the same procedures on a miss. Whatever goes wrong on a miss is left to tRPC,
 * which answers it as usual. Register after @fastify/cookie (the anonymity check reads cookies).
 */
export function serveSharedTrpcAnswers(app: FastifyInstance, deps: RequestContextDeps, prefix: string): void {
  // A callback hook: it runs on every request, and a promise each would cost more than it does.
  app.addHook('onRequest', (request, reply, done) => {
    const ask = sharedTrpcAsk(request, prefix);
    if (ask === undefined) {
      done();
      return;
    }
    const hit = recallAnswer(deps.db, ask.key);
    if (hit) {
      sendAnswer(request, reply, hit);
      return;
    }
    const generation = cacheGeneration(deps.db);
    const caller = createCaller(createRequestContext(deps, request, reply));
    Promise.all(ask.paths.map((path) => callProcedure(caller, path, undefined)))
      .then((answers) => {
        const results = answers.map((data) => ({ result: { data } }));
        const body = JSON.stringify(ask.batch ? results : results[0]);
        sendAnswer(request, reply, rememberAnswer(deps.db, generation, ask.key, 200, body));
      })
      .catch(() => {
        done();
      });
  });
}
