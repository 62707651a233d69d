import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { MAX_TRPC_BATCH } from '@/shared/transport';
import type { AppDatabase } from './db/client';
import { createRateLimits } from './auth/rate-limit';
import { calendarFeedPlugin, withoutFeedToken } from './team/calendar-feed-route';
import { alignReminders } from './bookings/notify';
import { CROSS_SITE_REFUSED } from './auth/same-origin';
import type { Config } from './env';
import { createMailer, type Mailer } from './mail/mailer';
import { startDelivery, type Delivery, type DeliveryOptions } from './outbox/delivery';
import { startWaitlistLoop, type WaitlistLoop } from './waitlist/freed';
import { startNudgeLoop, type NudgeLoop } from './nudges/nudges';
import { UPLOADS_PREFIX } from './files/urls';
import { apiDocsPlugin } from './rest/docs';
import { errorEnvelope } from './rest/envelope';
import { oneClickUnsubscribePlugin } from './rest/one-click-unsubscribe';
import { restPlugin } from './rest/plugin';
import { acceptsGzip, serveSharedTrpcAnswers } from './rest/shared-answers';
import { appRouter, type AppRouter } from './routers';
import { securityHeaders } from './security-headers';
import { pageHtml, robotsTxt, sitemapXml } from './site/page-html';
import { pageRedirect } from './site/page-paths';
import { createPageRenderer } from './site/ssr';
import { withStartPreloads } from './site/client-assets';
import { createRequestContext, isForeignSiteCall } from './trpc/context';
import { CLOSED_DISCOUNT_COOKIE } from '@/shared/constants';
import { REPLICATION_OFF, type ReplicationStatus } from '@/shared/schemas/backups';
import { projectPath } from '@/server/paths';

export const DEFAULT_CLIENT_DIR = projectPath('dist/client');

const TRPC_PREFIX = '/trpc';

/**
 * One log line per request, when it is answered, saying what was asked and how it went (Fastify
 * writes two by default: the second line alone lacks the method and URL).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const facts = {
      method: request.method,
      url: withoutFeedToken(request.url),
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, 'request completed');
  }
}

/** An error answer in tRPC's own shape, for requests refused before the tRPC adapter sees them. */
function trpcError(code: 'FORBIDDEN' | 'UNSUPPORTED_MEDIA_TYPE', httpStatus: number, message: string) {
  return { error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus, fieldErrors: [] } } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery loop (tests wait on `settled()` for the mail a request caused). */
    outbox: Delivery;
    /** The loop handing freed times on to the waitlist (tests run a pass with `runNow()`). */
    waitlist: WaitlistLoop;
    /** The loop that nudges customers to rebook (tests run a pass with `runNow()`). */
    nudges: NudgeLoop;
  }
}

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
  /** The delivery loop's timings (tests shorten the retry waits). */
  delivery?: Pick<DeliveryOptions, 'retry' | 'pollMs' | 'leaseMs' | 'webhookTimeoutMs'>;
  /** How often freed times are handed on to the waitlist, in ms (default 5 s). */
  waitlistPollMs?: number;
  /** How often customers due a nudge to rebook are looked for, in ms (default 15 minutes, the first soon after the start). */
  nudgesPollMs?: number;
  /** Told of every route as it is registered (the contract test compares them with its table). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The replication's state (replication/replicator.ts); none: REPLICA_URL is not set. */
  replication?: () => ReplicationStatus;
}

/** Builds the whole HTTP application without listening, so tests can `inject` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { db } = options.database;
  const limits = createRateLimits(config);
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
    // Room for one MAX_IMAGE_BYTES image sent as base64 in a JSON procedure input.
    bodyLimit: 8 * 1024 * 1024,
    logController: new OneLinePerRequest(),
    // A URL Fastify cannot route (a broken escape, a path parameter over maxParamLength) is
    // answered before any handler: /api keeps its envelope there too, and no answer quotes the URL.
    frameworkErrors: (error, request, rawReply) => {
      // Typed for a route's schema; none applies this early.
      const reply = rawReply as unknown as FastifyReply;
      const status = error.statusCode ?? 400;
      const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
      if (/^\/api(\/|$)/.test(request.url)) void reply.code(status).send(errorEnvelope(status, message));
      else void reply.code(status).type('text/plain').send(message);
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const mailer = options.mailer ?? createMailer(config, app.log);
  // Waiting reminders follow REMINDER_HOURS as it is now; open bookings that have none get one.
  const reminders = alignReminders(db, config);
  if (reminders.moved + reminders.cancelled + reminders.armed > 0)
    app.log.info(reminders, 'reminders brought in line with REMINDER_HOURS');
  // The outbox's delivery loop: sends what is due now, then whatever the requests write.
  const outbox = startDelivery({ db, config, mailer, log: app.log, ...options.delivery });
  app.addHook('onClose', async () => {
    // What is due goes out before the server stops (a few seconds at most); the rest waits in the outbox.
    await outbox.close();
    if (!options.mailer) mailer.close();
  });
  app.decorate('outbox', outbox);
  // Freed times go on to the waitlist: a pass every few seconds, cheap when nothing was freed.
  const waitlistLoop = startWaitlistLoop({ db, config, outbox, log: app.log, pollMs: options.waitlistPollMs });
  app.addHook('onClose', async () => {
    await waitlistLoop.close();
  });
  app.decorate('waitlist', waitlistLoop);
  // Nudges to rebook: a pass every quarter of an hour, one read when no service has an interval.
  const nudgeLoop = startNudgeLoop({ db, config, outbox, log: app.log, pollMs: options.nudgesPollMs });
  app.addHook('onClose', async () => {
    await nudgeLoop.close();
  });
  app.decorate('nudges', nudgeLoop);
  const replication = options.replication ?? (() => REPLICATION_OFF);
  const deps = { db, config, outbox, limits, replication };

  const headers = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    done();
  });
  // Another site's page is refused before its body is read: a form's urlencoded or text/plain
  // body would otherwise get 415 and a multipart one trip up the tRPC adapter, not the 403 such a
  // request gets. The procedures check again (trpc/init.ts) for callers that skip HTTP.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = /^\/api(\/|$)/.test(path);
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (!isWrite || !(isApi || path.startsWith(`${TRPC_PREFIX}/`)) || !isForeignSiteCall(deps, request)) {
      done();
      return;
    }
    void reply
      .code(403)
      .send(isApi ? errorEnvelope(403, CROSS_SITE_REFUSED) : trpcError('FORBIDDEN', 403, CROSS_SITE_REFUSED));
  });
  // Every procedure takes JSON. The tRPC adapter would hand any other body (a multipart form) to
  // the procedure as a raw stream and fail on it with a 500: refuse it plainly instead.
  app.addHook('onRequest', (request, reply, done) => {
    const type = request.headers['content-type'];
    if (
      request.method === 'GET' ||
      type === undefined ||
      !request.url.startsWith(`${TRPC_PREFIX}/`) ||
      /^application\/json\s*(;|$)/i.test(type)
    ) {
      done();
      return;
    }
    void reply
      .code(415)
      .send(trpcError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the input as JSON (content-type: application/json).'));
  });
  await app.register(fastifyCookie);
  serveSharedTrpcAnswers(app, deps, TRPC_PREFIX);

  app.get('/healthz', () => {
    options.database.sqlite.prepare('SELECT 1').get();
    // Where the copy goes and its last problem are the owner's (Settings → Backups), not a monitor's.
    const { state, behindSeconds, picturesWaiting } = replication();
    return { status: 'ok', replication: { state, behindSeconds, picturesWaiting } };
  });

  const trpcOptions: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: TRPC_PREFIX,
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
  await app.register(oneClickUnsubscribePlugin, deps);
  await app.register(calendarFeedPlugin, deps);
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
      // Pages (`/` too) are answered below, with their own head (site/page-html.ts).
      index: false,
      // The build writes .br and .gz copies of its scripts and styles (vite.config.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        const hashed = path.startsWith(join(clientDir, 'assets'));
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // What crawlers read first: the back office is off limits, the public pages listed.
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(config)),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(config)),
  );

  // The client's page, read once (React's renderer preloaded with the entry); each page route gets
  // it with its own head.
  const indexTemplate =
    clientDir !== null && clientIndexExists
      ? withStartPreloads(clientDir, readFileSync(join(clientDir, 'index.html'), 'utf8'))
      : null;
  // The public pages arrive rendered, with their data (site/ssr.ts); the back office and a
  // server started without the rendering bundle get the client's page with its head only.
  const renderer =
    clientDir !== null && indexTemplate !== null
      ? await createPageRenderer({ clientDir, template: indexTemplate, db, config, log: app.log })
      : null;
  const sendPage = async (reply: FastifyReply, url: string, template: string) => {
    // Another spelling of a public page (`/sErvice`, `/%73ervice`) is sent to the page's own address.
    const canonical = pageRedirect(url);
    if (canonical !== undefined) return reply.redirect(canonical, 301);
    const [path = '/', query] = url.split('?', 2);
    const closedDiscount = reply.request.cookies[CLOSED_DISCOUNT_COOKIE];
    const rendered = await renderer?.render(path, query === undefined ? '' : `?${query}`, closedDiscount);
    void reply
      .code(rendered?.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    if (!rendered) return reply.send(pageHtml(template, path, config));
    // A rendered page is tens of kilobytes of markup: a phone on a slow network gets a fifth.
    // It differs by the closed-banner cookie too.
    void reply.header('vary', 'Accept-Encoding, Cookie');
    if (!acceptsGzip(reply.request)) return reply.send(rendered.html);
    rendered.gzipped ??= gzipSync(rendered.html);
    return reply.header('content-encoding', 'gzip').send(rendered.gzipped);
  };
  // `/` itself: the static files' root has no index (pages get their head here).
  if (indexTemplate !== null) app.get('/', (request, reply) => sendPage(reply, request.url, indexTemplate));

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
    if (isPageRoute && indexTemplate !== null) return sendPage(reply, request.url, indexTemplate);
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
