// The API reference page at /api/docs: Swagger UI over the generated OpenAPI document, served by
// the app itself (scripts and styles from node_modules, no CDN), so the page works under the
// app's Content-Security-Policy (docs/decisions/0011-openapi.md).
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi';

export const API_DOCS_PATH = '/api/docs';

/** Registers /api/docs (the page, its assets, and the document it reads at /api/docs/json). */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: openApiDocument() as unknown as StaticDocumentSpec['document'] },
  });
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
