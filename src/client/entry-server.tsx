// The public pages rendered on the server (docs/decisions/0023-server-rendering.md): built by Vite
// as its own bundle (`vite build --ssr`, scripts/client-build.ts) and called by server/site/ssr.ts
// with the data the page needs, already fetched through the same procedures the browser would call.
// The browser then hydrates the same tree (main.tsx) from the same data, asking for nothing again.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { ServerClosedDiscount } from '@/client/components/layout/marquee-dismissal';
import { createQueryClient } from '@/client/lib/query-client';
import { App } from './app/app';
import { preloadPagesAt, routes, type PageHandle } from './app/routes';
import { ssrDataScript } from './app/ssr-data';

/** The `<link>`s, `<meta>`s and `<style>`s at the start of React's markup: the elements it hoists. */
const HOISTED = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<style\b[^>]*>[\s\S]*?<\/style>)*/;

export interface RenderedPage {
  /** What React hoists (style resources, image preloads): it goes in the page's `<head>`. */
  headHtml: string;
  /** The markup that goes inside `<div id="root">`. */
  appHtml: string;
  /** The `<script type="application/json">` the browser hydrates from. */
  dataScript: string;
  status: number;
  /** The sources (as the client manifest names them) the page's code is in. */
  modules: string[];
}

/**
 * Renders the page at `url` (an absolute URL, path and query) with `queries` in its cache, for a
 * visitor who closed the discount banner `closedDiscountId` (a cookie, marquee-dismissal.ts); null
 * when no route matches it (the browser renders it then). The page hands its scripts `handOff`:
 * the data its hydrated parts show (all of `queries` unless said).
 */
export async function render(
  url: string,
  queries: DehydratedState,
  request: { closedDiscountId: string | null },
  handOff: DehydratedState = queries,
): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url);
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  await preloadPagesAt(pathname);
  const queryClient = createQueryClient();
  hydrate(queryClient, queries);

  // Waits for every lazily loaded component, so the page arrives whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerClosedDiscount value={request.closedDiscountId}>
        <StaticRouter location={`${pathname}${search}`}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </ServerClosedDiscount>
    </StrictMode>,
    // Every Suspense boundary inline, in place: React moves a large one to the end of the page,
    // to be swapped in by an inline script that the content security policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  // Rendering no whole document, React writes what it hoists ahead of the markup, which would put
  // <style>s in the body, where the HTML standard allows none.
  const headHtml = HOISTED.exec(html)?.[0] ?? '';

  const handles = matches.map((match) => match.route.handle as PageHandle | undefined);
  const status = handles.reduce((code, handle) => handle?.status ?? code, 200);
  return {
    headHtml,
    appHtml: html.slice(headHtml.length),
    dataScript: ssrDataScript({ queries: handOff }),
    status,
    modules: handles.flatMap((handle) => handle?.modules ?? []),
  };
}
