import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/client/lib/query-client';
import { adminAuthStore } from '@/client/lib/auth/admin-auth-store';
import { userAuthStore } from '@/client/lib/auth/user-auth-store';
import type { SessionKind } from '@/client/lib/session-refresh-link';
import { createTrpcClient, trpc } from '@/client/lib/trpc';
import { EarlyData } from './early-data';
import { LazyToastHost } from './lazy-toast-host';
import { MantineHeadStyles } from './mantine-head-styles';
import { cssVariablesResolver, theme } from './theme';

/**
 * `queryClient`: one already holding the data a server-rendered page was rendered with (so
 * hydration finds it and asks for nothing again); a new, empty one otherwise.
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient | undefined;
}) {
  // useState initialisers run once per mount, so re-renders never drop the cache or the client.
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [trpcClient] = useState(() =>
    createTrpcClient({
      // A session the server no longer renews: the matching side of the app logs out.
      onSessionLost: (kind: SessionKind) => {
        if (kind === 'admin') adminAuthStore.logout();
        else userAuthStore.logout();
      },
    }),
  );

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {/* Mantine's own <style>s would sit in the body, where the HTML standard allows none: the
            theme's go in the head (MantineHeadStyles), and so do those of responsive style props
            (`deduplicateInlineStyles`, React's style resources). */}
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          withCssVariables={false}
          withGlobalClasses={false}
          deduplicateInlineStyles
        >
          <MantineHeadStyles />
          <LazyToastHost />
          <EarlyData />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
