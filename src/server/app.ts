import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { backgroundMailSent } from './bookings/notify';
import type { AppDatabase } from './db/client';
import { createRateLimits } from './auth/rate-limit';
import type { Config } from './env';
import { createMailer, type Mailer } from './mail/mailer';
import { UPLOADS_PREFIX } from './files/urls';
import { apiDocsPlugin } from './rest/docs';
import { errorEnvelope } from './rest/envelope';
import { restPlugin } from './rest/plugin';
import { createRequestContext } from './trpc/context';
import { appRouter, type AppRouter } from './trpc/router';

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** The largest tRPC batch one HTTP request may carry. */
export const MAX_TRPC_BATCH = 20;

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; its owner closes it. */
  database: AppDatabase;
  /** Where logs go; none when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** The built web client (`vite build` output); null serves none. Default: `dist/client`. */
  clientDir?: string | null;
  /** Where e-mails go; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Told of every route as it is registered (the contract test compares them with spec section 7). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Builds the whole HTTP application without listening, so tests can `inject` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { db } = options.database;
  const limits = createRateLimits();
  const clientDir = options.clientDir === undefined ? DEFAULT_CLIENT_DIR : options.clientDir;
  const clientIndexExists = clientDir !== null && existsSync(join(clientDir, 'index.html'));

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // maxParamLength: a tRPC batch names all its procedures in one path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // A reverse proxy on the same box (docs) may say who the visitor is; nobody else may.
    trustProxy: ['127.0.0.1', '::1'],
    // Room for one 5 MB image sent as base64 in a JSON procedure input.
    bodyLimit: 8 * 1024 * 1024,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const mailer = options.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => {
    // Booking confirmations leave after their answer: let them finish first.
    await backgroundMailSent(mailer);
    if (!options.mailer) mailer.close();
  });
  const deps = { db, config, mailer, limits };

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', config.publicUrl],
        mediaSrc: ["'self'", config.publicUrl],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The contact page's map is OpenStreetMap's embed.
        frameSrc: ['https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Images are loaded by the separately hosted client too (CORS_ORIGINS).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCookie);

  app.get('/healthz', () => {
    options.database.sqlite.prepare('SELECT 1').get();
    return { status: 'ok' };
  });

  const trpcOptions: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ req, res }) => createRequestContext(deps, req, res),
      onError: ({ error, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error }, 'procedure failed');
      },
    },
  };
  await app.register(fastifyTRPCPlugin, trpcOptions);

  await app.register(restPlugin, { prefix: '/api/v1', ...deps });
  await app.register(apiDocsPlugin);

  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    // Stored names are never reused: a file at a URL never changes.
    maxAge: '365d',
    immutable: true,
  });

  if (clientDir !== null && clientIndexExists) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      // The build writes .br and .gz copies of its scripts and styles (vite.config.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        const hashed = path.startsWith(join(clientDir, 'assets'));
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // One place for every unmatched request: /api/v1 answers in its envelope; client routes
  // (/service, /admin/...) are the app's own and get index.html.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (/^\/api(\/|$)/.test(path)) {
      return reply.code(404).send(errorEnvelope(404, `No such path: ${request.method} ${path}`));
    }
    const lastSegment = path.split('/').pop() ?? '';
    const isPageRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|trpc|uploads)(\/|$)/.test(path) &&
      !lastSegment.includes('.');
    if (isPageRoute && clientIndexExists) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
