import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import { gzipSync } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions';
import { recall, remember } from '../catalogue/cache';
import { MAX_IMAGE_BYTES } from '../files/images';
import { createRequestContext, type RequestContextDeps } from '../trpc/context';
import { toPublicError } from '../trpc/errors';
import { createCaller, procedureAt } from '../trpc/router';
import { errorEnvelope, successEnvelope } from './envelope';
import { OPENAPI_PATH, openApiDocument } from './openapi';
import { defaultInput, type ProcedurePath, type RestInput, type RestRoute } from './route';
import { restRoutes } from './routes';

export interface RestPluginOptions extends RequestContextDeps {
  routes?: RestRoute[];
}

const isFastifyClientError = (error: unknown): error is FastifyError =>
  typeof error === 'object' &&
  error !== null &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

/** Fastify's and the multipart parser's own refusals, said in words a client can show. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'Image must be 5 MB or smaller.',
  FST_FILES_LIMIT: 'Only one file may be sent.',
  FST_PARTS_LIMIT: 'Too many form fields.',
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send JSON or multipart form data.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

const addField = (body: Record<string, unknown>, rawName: string, value: unknown) => {
  const isList = rawName.endsWith('[]');
  const name = isList ? rawName.slice(0, -2) : rawName;
  const existing = body[name];
  if (Array.isArray(existing)) existing.push(value);
  else if (existing !== undefined) body[name] = [existing, value];
  else body[name] = isList ? [value] : value;
};

/** The request's fields, whether it sent JSON or multipart form data. */
async function readInput(request: FastifyRequest): Promise<RestInput> {
  const body: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') addField(body, part.fieldname, (await part.toBuffer()).toString('base64'));
      else addField(body, part.fieldname, part.value);
    }
  } else if (typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)) {
    Object.assign(body, request.body);
  }
  return {
    body,
    params: request.params as Record<string, string>,
    query: request.query as Record<string, unknown>,
  };
}

type Caller = ReturnType<typeof createCaller>;

/** True when the procedure declares an input schema. */
const takesInput = (path: ProcedurePath): boolean => (procedureAt(path)?._def.inputs.length ?? 0) > 0;

/** Calls the procedure at a dotted path through the caller (with its middleware, as /trpc would). */
function callProcedure(caller: Caller, path: ProcedurePath, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

/** A whole answer kept in the catalogue cache: the envelope as JSON text, and gzipped once asked for. */
interface CachedAnswer {
  status: number;
  body: string;
  gzipped?: Buffer;
}

/** Whether the client takes a gzipped body (a browser always does). */
const acceptsGzip = (request: FastifyRequest): boolean => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
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

/**
 * The `/api/v1` adapter (register it with that prefix): each path calls its tRPC procedure
 * through `createCaller` and wraps the answer in CONTRACT section 4's envelope.
 */
export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  // A client hosted elsewhere (CORS_ORIGINS) may call with credentials; any other origin gets no
  // CORS headers, so its browser keeps the answers from it (and the same-origin check refuses its
  // state changes).
  await app.register(fastifyCors, {
    // false: not a single CORS header (not even Allow-Credentials) for an origin not listed.
    origin: (origin, callback) => {
      callback(null, origin !== undefined && options.config.corsOrigins.includes(origin) ? origin : false);
    },
    credentials: true,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'x-request-id'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 },
  });

  // The API document itself, as it is (no envelope), built on first use.
  app.get(OPENAPI_PATH, () => openApiDocument(options.routes));

  for (const route of options.routes ?? restRoutes) {
    const cacheKey = route.cached ? `rest ${route.method} ${route.path}` : undefined;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        // Only a request with no credentials at all: any session cookie or token goes the whole
        // way (a stale cookie is cleared, a bad token refused), as before.
        const anonymous =
          cacheKey !== undefined &&
          request.headers.authorization === undefined &&
          request.cookies[SESSION_COOKIE.user] === undefined &&
          request.cookies[SESSION_COOKIE.admin] === undefined;
        if (anonymous) {
          const hit = recall(options.db, cacheKey) as CachedAnswer | undefined;
          if (hit) return sendCached(request, reply, hit);
        }
        const caller = createCaller(createRequestContext(options, request, reply));
        const restInput = await readInput(request);
        const input = route.input
          ? route.input(restInput)
          : takesInput(route.procedure)
            ? defaultInput(route.method, restInput)
            : undefined;
        const output = await callProcedure(caller, route.procedure, input);
        const data = route.data ? route.data(output as never) : output;
        const status = route.status ?? 200;
        if (anonymous) {
          const answer: CachedAnswer = { status, body: JSON.stringify(successEnvelope(status, data, route.message)) };
          return sendCached(request, reply, remember(options.db, cacheKey, answer));
        }
        return reply.code(status).send(successEnvelope(status, data, route.message));
      },
    });
  }

  app.setErrorHandler((error, request, reply) => {
    if (isFastifyClientError(error)) {
      const status = error.statusCode ?? 400;
      return reply.code(status).send(errorEnvelope(status, CLIENT_ERROR_MESSAGES[error.code] ?? error.message));
    }
    const publicError = toPublicError(error);
    if (publicError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(publicError.status)
      .send(errorEnvelope(publicError.status, publicError.message, publicError.errors));
  });
}
