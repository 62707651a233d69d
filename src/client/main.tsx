import './app/entry-styles';
import { fetchEarlyRoute } from './app/early-routes';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { App } from './app/app';
import { routes } from './app/routes';
import { readSsrData, seedQueryCache } from './app/ssr-data';

// The code of a page opened from the address bar is requested before the rest runs.
fetchEarlyRoute(window.location.pathname);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app into');

/**
 * Loads the code of the routes the current address matches, so the first render is the page
 * itself, as the server rendered it, and not the placeholder of a page still loading.
 */
async function loadMatchedRoutes(all: RouteObject[]): Promise<void> {
  const matches = matchRoutes(all, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement): Promise<void> {
  const ssr = readSsrData(document);
  if (ssr) {
    try {
      await loadMatchedRoutes(routes);
      const queryClient = createQueryClient();
      seedQueryCache(queryClient, ssr.queries);
      const router = createBrowserRouter(routes, { hydrationData: ssr.router });
      // In a transition, hydration too runs in short slices with the browser's own work in
      // between, rather than as one long task on a phone's main thread (Total Blocking Time).
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App router={router} queryClient={queryClient} />
          </StrictMode>,
        );
      });
      return;
    } catch {
      // The page's code could not be loaded: render it afresh below, as a page without SSR.
    }
  }
  // A transition lets React render the first screen in short slices, yielding to the browser in
  // between, instead of one long task that keeps a phone's main thread busy (Total Blocking Time).
  const router = createBrowserRouter(routes);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start(rootElement);
