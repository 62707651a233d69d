import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '@/shared/images';
import { createRequestContext, type RequestContextDeps } from '@/server/trpc/context';
import { toPublicError } from '@/server/trpc/errors';
import { createCaller } from '@/server/routers';
import { callProcedure, procedureAt, rolesOf } from './procedures';
import { cacheGeneration } from '@/server/catalogue/cache';
import { hasSharedAnswer, isAnonymous, recallAnswer, rememberAnswer, sendAnswer } from './shared-answers';
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
  FST_REQ_FILE_TOO_LARGE: IMAGE_TOO_LARGE_MESSAGE,
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

/**
 * The request's fields, whether it sent JSON or multipart form data (`withBody`: a write, whose
 * scope has the multipart parser; a read's body is never read).
 */
async function readInput(request: FastifyRequest, withBody: boolean): Promise<RestInput> {
  const body: Record<string, unknown> = {};
  if (withBody && request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // A browser sends a bare name; a path in it is a hand-made request. The file is stored
          // under a server-made name anyway, but such a request gets no further.
          if (/[/\\\0]|^\.\.?$/.test(part.filename)) {
            throw new TRPCError({ code: 'BAD_REQUEST', message: 'The file name must not contain a path.' });
          }
          addField(body, part.fieldname, (await part.toBuffer()).toString('base64'));
        } else addField(body, part.fieldname, part.value);
      }
    } catch (error) {
      // The parser's limits come with their own status; anything else it throws (no boundary, a
      // body cut off mid-part) is a broken request, not a server failure.
      if (isFastifyClientError(error) || error instanceof TRPCError) throw error;
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'The form data is malformed.', cause: error });
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

/** True when the procedure declares an input schema. */
const takesInput = (path: ProcedurePath): boolean => (procedureAt(path)?._def.inputs.length ?? 0) > 0;

/**
 * The `/api/v1` adapter (register it with that prefix): each path calls its tRPC procedure
 * through `createCaller` and wraps the answer in the envelope of ./envelope.ts. Reads and writes
 * are registered in two scopes: only writes take a body, so only they carry the multipart
 * parser, whose hooks would otherwise run (and cost) on every read.
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

  // The API document itself, as it is (no envelope), built on first use.
  app.get(OPENAPI_PATH, () => openApiDocument(options.routes));

  const routes = options.routes ?? restRoutes;
  await app.register((reads, _options, done) => {
    for (const route of routes.filter((each) => each.method === 'GET')) addRoute(reads, route, options);
    done();
  });
  await app.register(async (writes) => {
    await writes.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 },
      // The name as sent, so that readInput sees (and refuses) a path in it.
      preservePath: true,
    });
    for (const route of routes.filter((each) => each.method !== 'GET')) addRoute(writes, route, options);
  });
}

/** One path of the adapter: its procedure called, its answer in the envelope. */
function addRoute(app: FastifyInstance, route: RestRoute, options: RestPluginOptions): void {
  // Every visitor gets the same answer: kept whole, in its envelope (rest/shared-answers.ts).
  const cacheKey = hasSharedAnswer(route.procedure) ? `rest ${route.method} ${route.path}` : undefined;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      const anonymousKey = cacheKey !== undefined && isAnonymous(request) ? cacheKey : undefined;
      const hit = anonymousKey === undefined ? undefined : recallAnswer(options.db, anonymousKey);
      if (hit) return sendAnswer(request, reply, hit);
      // Taken before the answer is computed, so that an edit meanwhile keeps it from being remembered.
      const shared =
        anonymousKey === undefined ? undefined : { key: anonymousKey, generation: cacheGeneration(options.db) };
      const context = createRequestContext(options, request, reply);
      const caller = createCaller(context);
      const restInput = await readInput(request, route.method !== 'GET');
      const given = route.input
        ? route.input(restInput)
        : takesInput(route.procedure)
          ? defaultInput(route.method, restInput)
          : undefined;
      const input = route.fixedInput ? { ...(given as Record<string, unknown>), ...route.fixedInput } : given;
      // The back office's reading of a shared path, for a role it is open to; the public one otherwise.
      const asStaff =
        route.adminProcedure !== undefined &&
        context.admin?.role !== undefined &&
        rolesOf(route.adminProcedure).includes(context.admin.role);
      const procedure = asStaff && route.adminProcedure !== undefined ? route.adminProcedure : route.procedure;
      const output = await callProcedure(caller, procedure, input);
      if (route.csvFile) {
        const file = output as { filename: string; csv: string };
        return reply
          .code(route.status ?? 200)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.csv);
      }
      const data = route.data ? route.data(output as never) : output;
      const status = route.status ?? 200;
      const meta = route.meta?.of(output as never);
      if (shared) {
        const body = JSON.stringify(successEnvelope(status, data, route.message, meta));
        return sendAnswer(request, reply, rememberAnswer(options.db, shared.generation, shared.key, status, body));
      }
      return reply.code(status).send(successEnvelope(status, data, route.message, meta));
    },
  });
}
