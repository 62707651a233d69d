// The public pages rendered on the server (issue 20): built by Vite as its own bundle
// (`vite build --ssr`, scripts/client-build.ts) and called by server/site/ssr.ts with the data
// the page needs, already fetched through the same procedures the browser would call. The
// browser then hydrates the same tree (main.tsx) from the same data, asking for nothing again.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { ServerClosedDiscount } from '@/client/components/layout/marquee-dismissal';
import { createQueryClient } from '@/client/lib/query-client';
import { Providers } from './app/providers';
import { routes, type PageHandle } from './app/routes';
import { ssrDataScript } from './app/ssr-data';

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  appHtml: string;
  /** The `<script type="application/json">` the browser hydrates from. */
  dataScript: string;
  status: number;
  /** The sources (as the client manifest names them) the page's code is in. */
  modules: string[];
}

const handler = createStaticHandler(routes);

/**
 * Renders the page at `url` (an absolute URL, path and query) with `queries` in its cache, for a
 * visitor who closed the discount banner `closedDiscountId` (a cookie, marquee-dismissal.ts); null
 * when the router cannot render it statically (a redirect, an error): the browser renders it then.
 */
export async function render(
  url: string,
  queries: DehydratedState,
  request: { closedDiscountId: string | null },
): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  hydrate(queryClient, queries);

  // Waits for every lazily loaded component, so the page arrives whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerClosedDiscount value={request.closedDiscountId}>
        <Providers queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </ServerClosedDiscount>
    </StrictMode>,
  );
  let appHtml = '';
  for await (const chunk of prelude) appHtml += typeof chunk === 'string' ? chunk : chunk.toString('utf8');

  const handles = context.matches.map((match) => match.route.handle as PageHandle | undefined);
  const status = handles.reduce((code, handle) => handle?.status ?? code, 200);
  return {
    appHtml,
    dataScript: ssrDataScript({
      queries,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    }),
    status,
    modules: handles.flatMap((handle) => handle?.modules ?? []),
  };
}
