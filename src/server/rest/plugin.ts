import type { FastifyError, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { createRequestContext } from '../trpc/context';
import { toPublicError } from '../trpc/errors';
import { createCaller } from '../trpc/router';
import { errorEnvelope, successEnvelope } from './envelope';
import type { RestRoute } from './route';
import { restRoutes } from './routes';

export interface RestPluginOptions {
  db: Db;
  config: Config;
  routes?: RestRoute[];
}

const isFastifyClientError = (error: unknown): error is FastifyError =>
  typeof error === 'object' &&
  error !== null &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

/**
 * The `/api/v1` adapter (register it with that prefix): each path calls its tRPC procedure
 * through `createCaller` and wraps the answer in CONTRACT section 4's envelope.
 */
export function restPlugin(app: FastifyInstance, options: RestPluginOptions, done: () => void): void {
  for (const route of options.routes ?? restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const caller = createCaller(createRequestContext(options, request, reply));
        const data = await route.call(caller, request);
        const status = route.status ?? 200;
        return reply.code(status).send(successEnvelope(status, data, route.message));
      },
    });
  }

  app.setErrorHandler((error, request, reply) => {
    if (isFastifyClientError(error)) {
      // Malformed JSON, a body too large, a wrong content type: Fastify's own 4xx, said plainly.
      return reply.code(error.statusCode ?? 400).send(errorEnvelope(error.statusCode ?? 400, error.message));
    }
    const publicError = toPublicError(error);
    if (publicError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(publicError.status)
      .send(errorEnvelope(publicError.status, publicError.message, publicError.errors));
  });
  done();
}
