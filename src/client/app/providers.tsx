import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/client/lib/query-client';
import { adminAuthStore } from '@/client/lib/auth/admin-auth-store';
import { userAuthStore } from '@/client/lib/auth/user-auth-store';
import type { SessionKind } from '@/client/lib/session-refresh-link';
import { createTrpcClient, trpc } from '@/client/lib/trpc';
import { EarlyData } from './early-data';
import { LazyToastHost } from './lazy-toast-host';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  // useState initialisers run once per mount, so re-renders never drop the cache or the client.
  const [queryClient] = useState(createQueryClient);
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
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          <LazyToastHost />
          <EarlyData />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
