// The public pages rendered on the server (docs/decisions/0023-server-rendering.md): each arrives
// as complete HTML with its data (services and prices, team, testimonials, discounts, contact
// details) and the salon's JSON-LD, then hydrates into the same React app from the same data. The
// data comes from the public procedures through tRPC's server-side helpers; the finished page is
// kept in the catalogue cache (catalogue/cache.ts), so it is emptied by the same admin edits, and
// per salon day (a discount starts or ends at midnight). The page paints before the app's scripts
// are fetched (client-assets.ts, decision 0040). The back office, but for its login page, stays
// rendered in the browser.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { FastifyBaseLogger } from 'fastify';
import { approvedReviewsRating } from '@/server/catalogue/reviews';
import { cacheGeneration, recall, rememberIfCurrent } from '@/server/catalogue/cache';
import type { Db } from '@/server/db/client';
import { todayIn } from '@/server/domain/calendar';
import { findContactInfo, findSalonAddressParts } from '@/server/salon/contact';
import type { Config } from '@/server/env';
import { appRouter, type AppRouter } from '@/server/routers';
import { createInnerContext } from '@/server/trpc/context';
import { HOME_TESTIMONIALS } from '@/shared/constants';
import { openingHoursSpecification } from '@/shared/opening-hours';
import { publicPageAt } from '@/shared/public-pages';
import { PAGE_SCRIPTS_ID } from '@/shared/page-scripts';
import { scriptJson } from '@/shared/script-json';
import { readPageAssets, ROOT_PLACEHOLDER } from './client-assets';
import { salonJsonLd } from './json-ld';
import { PREVIEW_IMAGE_PATH, pageHtml } from './page-html';
import { isBackOfficePath, pageAddress } from './page-paths';

/** What the server-rendering bundle (src/client/entry-server.tsx) exports. */
interface RendererModule {
  render(
    url: string,
    queries: DehydratedState,
    request: { closedDiscountId: string | null },
    handOff: DehydratedState,
  ): Promise<{ headHtml: string; appHtml: string; dataScript: string; status: number; modules: string[] } | null>;
}

export interface RenderedHtml {
  html: string;
  status: number;
  /** The page gzipped, made on its first request by a browser and kept with it. */
  gzipped?: Buffer;
}

type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>;

/** The data every public page shows: the discounts (the marquee) and the opening hours (the footer). */
const layoutData = (helpers: Helpers) => [
  helpers.public.discounts.list.prefetch(),
  helpers.public.salon.openingHours.prefetch(),
];

/** The pages drawn outside the public layout (no banner, no footer): none of its data, one copy each. */
const WITHOUT_LAYOUT = new Set(['/admin/login']);

/**
 * The data each page shows, fetched before rendering and handed to the browser with it. A page
 * that asks for more renders its placeholder for that part and the browser fetches it.
 */
const PAGE_DATA: Record<string, (helpers: Helpers) => Promise<void>[]> = {
  '/': (helpers) => [helpers.public.reviews.list.prefetch(HOME_TESTIMONIALS)],
  '/service': (helpers) => [helpers.public.services.list.prefetch(), helpers.public.specialists.list.prefetch()],
  '/about': (helpers) => [helpers.public.specialists.list.prefetch()],
  '/contact': (helpers) => [
    helpers.public.contact.info.prefetch(),
    helpers.public.services.list.prefetch(),
    helpers.public.specialists.list.prefetch(),
  ],
  '/appointment': (helpers) => [helpers.public.services.list.prefetch(), helpers.public.specialists.list.prefetch()],
};

/**
 * The data a page shows only inside markup the browser keeps as it is (ServerHtml, decision 0046):
 * the page is rendered with it, but the browser, which never renders those parts, is not sent it.
 */
const KEPT_ONLY: Record<string, string[]> = {
  '/': ['public.reviews.list'],
  '/about': ['public.specialists.list'],
};

/** A tRPC query's procedure (`public.reviews.list`) from its query key (`[['public', 'reviews', 'list'], …]`). */
const procedureOf = (key: readonly unknown[]): string => (Array.isArray(key[0]) ? key[0].join('.') : '');

const normalise = (path: string) => path.replace(/(.)\/+$/, '$1');

export interface PageRenderer {
  /**
   * The page at `path` (and `search`), server-rendered; null when it is not one rendered here
   * (the back office but its login page, or a path the router does not know).
   * `closedDiscount` is the visitor's closed-banner cookie (marquee-dismissal.ts), if any.
   */
  render(path: string, search: string, closedDiscount?: string): Promise<RenderedHtml | null>;
}

/**
 * The renderer of the built client in `clientDir` (its server bundle in `../ssr`), or null when
 * there is no such bundle (a server started without `npm run build`): pages are then rendered
 * in the browser only, as before.
 */
export async function createPageRenderer(options: {
  clientDir: string;
  template: string;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | null> {
  const { clientDir, template, db, config, log } = options;
  let renderer: RendererModule;
  try {
    renderer = (await import(pathToFileURL(join(clientDir, '..', 'ssr', 'entry-server.js')).href)) as RendererModule;
  } catch (error) {
    log.warn({ err: error }, 'no server-rendering bundle: public pages are rendered in the browser only');
    return null;
  }
  const assets = readPageAssets(clientDir, template);
  if (!assets) {
    log.warn(
      'the client build has no manifest, no loader or another index.html: pages are rendered in the browser only',
    );
    return null;
  }
  const origin = config.publicUrl.replace(/\/+$/, '');
  /** `id` if it is a discount the site shows (from the catalogue cache), else null. */
  const knownDiscount = async (id: string) => {
    const discounts = await appRouter.createCaller(createInnerContext({ db, config })).public.discounts.list();
    return discounts.some((discount) => discount._id === id) ? id : null;
  };

  const renderFresh = async (
    path: string,
    search: string,
    closedDiscountId: string | null,
  ): Promise<RenderedHtml | null> => {
    // Data fetched once per rendering: what the page fetched, the JSON-LD reads again from here.
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const helpers = createServerSideHelpers({
      router: appRouter,
      ctx: createInnerContext({ db, config }),
      queryClient,
    });
    const layout = WITHOUT_LAYOUT.has(path) ? [] : layoutData(helpers);
    await Promise.all([...layout, ...(PAGE_DATA[path]?.(helpers) ?? [])]);
    // Dehydrated once; the browser gets all of it but what only kept markup shows.
    const queries = helpers.dehydrate();
    const keptOnly = KEPT_ONLY[path] ?? [];
    const handOff = {
      ...queries,
      queries: queries.queries.filter((query) => !keptOnly.includes(procedureOf(query.queryKey))),
    };
    const page = await renderer.render(`${origin}${path}${search}`, queries, { closedDiscountId }, handOff);
    if (!page) return null;

    // The page's styles in the head; the scripts wait for its first paint (client-assets.ts).
    const files = assets.pageFiles(page.modules);
    const head = [...files.styleLinks];
    if (publicPageAt(path)) {
      const [services, hours] = await Promise.all([
        helpers.public.services.list.fetch(),
        helpers.public.salon.openingHours.fetch(),
      ]);
      const openingHours = openingHoursSpecification(hours.days);
      // Read here, not through the public answer: a salon that has not saved its details yet (an
      // empty database in production) has none, and its pages are still rendered. The parts are
      // not in the spec's contact answer (its `address` is their one line).
      const contact = findContactInfo(db);
      const postalAddress = findSalonAddressParts(db);
      const jsonLd = salonJsonLd({
        origin,
        imagePath: PREVIEW_IMAGE_PATH,
        contact,
        postalAddress,
        services,
        rating: approvedReviewsRating(db),
        openingHours,
      });
      head.push(`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`);
    }
    // What React hoists out of the page (Mantine's theme and responsive styles, image preloads).
    head.push(page.headHtml);
    // Replaced by functions: a string replacement would read `$&`, `$'` or `$$` in the salon's
    // texts (a service described as "Save $$") as patterns.
    const html = pageHtml(assets.template, path, config)
      .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`)
      .replace(
        ROOT_PLACEHOLDER,
        () =>
          `<div id="root">${page.appHtml}</div>${page.dataScript}` +
          `<script type="application/json" id="${PAGE_SCRIPTS_ID}">${scriptJson(files.scripts)}</script>`,
      );
    return { html, status: page.status };
  };

  return {
    async render(rawPath, search, closedDiscount) {
      if (isBackOfficePath(rawPath)) return null;
      // A public page renders at its own address (page-paths.ts), whatever the spelling asked.
      const address = pageAddress(rawPath);
      const path = address?.path ?? normalise(rawPath);
      // Only a public page at a plain address is kept: a query string, a token in the path or a
      // path of no page would make every answer new.
      const cacheable = search === '' && address?.shared === true;
      // A page without the banner is a second version, kept for a discount that exists only.
      const closedDiscountId =
        closedDiscount === undefined || WITHOUT_LAYOUT.has(path) ? null : await knownDiscount(closedDiscount);
      const key = `ssr:${todayIn(config.timezone)}:${path}${closedDiscountId === null ? '' : `:closed:${closedDiscountId}`}`;
      if (cacheable) {
        const cached = recall(db, key) as RenderedHtml | undefined;
        if (cached) return cached;
      }
      const generation = cacheGeneration(db);
      try {
        const page = await renderFresh(path, search, closedDiscountId);
        if (page && cacheable && page.status === 200) rememberIfCurrent(db, generation, key, page);
        return page;
      } catch (error) {
        log.error({ err: error, path }, 'server rendering failed: the page is rendered in the browser');
        return null;
      }
    },
  };
}
