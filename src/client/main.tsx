import './app/zod-config';
import './app/entry-styles';
import { fetchEarlyRoute } from './app/early-routes';
import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { App } from './app/app';
import { preloadPagesAt } from './app/routes';
import { readSsrData, seedQueryCache } from './app/ssr-data';
import { visitorEngaged } from './lib/visitor-engaged';

// The code of a page opened from the address bar is requested before the rest runs.
fetchEarlyRoute(window.location.pathname);
// From now on, a scroll or a click means the visitor has gone on from the first screen.
void visitorEngaged();
// React's renderer is a chunk of its own, asked for now and evaluated in a task of its own.
const reactDomClient = import('react-dom/client');

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app into');

/**
 * A pause for the browser: what follows runs in a task of its own. A message rather than a timer,
 * which a hidden tab would hold for up to a second.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

async function start(root: HTMLElement): Promise<void> {
  // Evaluating the scripts is one task, React's renderer (fetched with them, client-assets.ts)
  // another, and reading the page's data and matching its route a third, so that none holds a
  // phone's main thread long (Total Blocking Time).
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDomClient;
  await nextTask();
  const ssr = readSsrData(document);
  if (ssr) {
    try {
      // The page's own code first, so the first render is the page itself, as the server
      // rendered it, and not the placeholder of a page still loading.
      await preloadPagesAt(window.location.pathname);
      const queryClient = createQueryClient();
      seedQueryCache(queryClient, ssr.queries);
      // In a transition, hydration too runs in short slices with the browser's own work in
      // between, rather than as one long task on a phone's main thread (Total Blocking Time).
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <BrowserRouter>
              <App queryClient={queryClient} />
            </BrowserRouter>
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
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

void start(rootElement);
