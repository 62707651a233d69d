// The API reference page at /api/docs: Swagger UI over the generated OpenAPI document, served by
// the app itself (scripts and styles from node_modules, no CDN), so the page works under the
// app's Content-Security-Policy (docs/decisions/0011-openapi.md).
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { stringify } from 'yaml';
import { openApiDocument } from './openapi';

export const API_DOCS_PATH = '/api/docs';

/**
 * What Swagger UI reads the document from (`app.swagger()`, under the name of @fastify/swagger,
 * which it requires): the document is built at the first request for it, not at every start,
 * where it took a fifth of a second and kept its memory for a page a salon rarely opens.
 */
const documentOnDemand = fastifyPlugin(
  (app: FastifyInstance, _options: unknown, done: () => void) => {
    let yaml: string | undefined;
    app.decorate('swagger', (options?: { yaml?: boolean }) =>
      options?.yaml ? (yaml ??= stringify(openApiDocument(), { strict: false })) : openApiDocument(),
    );
    done();
  },
  { name: '@fastify/swagger', fastify: '5.x' },
);

/** Registers /api/docs (the page, its assets, and the document it reads at /api/docs/json). */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(documentOnDemand);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'Salon booking API' },
    uiConfig: {
      // No top bar (Fastify's logo and a box to load another document): this page shows one API.
      layout: 'BaseLayout',
      docExpansion: 'list',
      deepLinking: true,
      // Answers may carry big lists; the schemas are what a reader comes for.
      defaultModelsExpandDepth: 1,
      tryItOutEnabled: false,
    },
  });
}
