// The answers a test file really got from each /api/v1 operation, held against the OpenAPI
// document: a status the server sends for an operation must be one the document lists for it
// (docs/decisions/0011-openapi.md), whichever test happened to provoke it.
import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH, REST_PREFIX } from '@/server/rest/openapi';

interface OpenApiPaths {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> } | undefined> | undefined>;
}

/** `/api/v1/admin/services/:id` as the document writes it: `/admin/services/{id}`. */
const documentPath = (url: string): string => url.slice(REST_PREFIX.length).replace(/:(\w+)/g, '{$1}');

/**
 * Records the method, route and status of every answer `app` sends under /api/v1, through one
 * `onResponse` hook: call it before the app is ready (before its first `inject`). Requests that
 * reached no route (an unknown path, an address Fastify cannot parse) belong to no operation and
 * are left out, as are HEAD and the CORS preflight, which the document does not describe, and
 * the document itself.
 */
export function recordApiAnswers(app: FastifyInstance): { undocumentedIn: (document: unknown) => string[] } {
  const seen = new Set<string>();
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    const method = request.method;
    if (
      url?.startsWith(`${REST_PREFIX}/`) &&
      url !== `${REST_PREFIX}${OPENAPI_PATH}` &&
      method !== 'HEAD' &&
      method !== 'OPTIONS'
    ) {
      seen.add(`${method} ${documentPath(url)} ${String(reply.statusCode)}`);
    }
    done();
  });
  return {
    /** Every `METHOD /path status` seen that the document does not list for that operation. */
    undocumentedIn: (document) => {
      const { paths } = document as OpenApiPaths;
      return [...seen].sort().filter((answer) => {
        const [method = '', path = '', status = ''] = answer.split(' ');
        return paths[path]?.[method.toLowerCase()]?.responses?.[status] === undefined;
      });
    },
  };
}
