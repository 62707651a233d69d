import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';
import { AppRoutes } from './routes';

/**
 * The whole app, inside a router the caller provides: the browser's (main.tsx) or, for a page
 * rendered on the server, a static one at the requested address (entry-server.tsx).
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <AppRoutes />
    </Providers>
  );
}
