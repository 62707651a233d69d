import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers';
import { MAX_TRPC_BATCH } from '@/shared/transport';
import { sessionRefreshLink, type SessionRefreshLinkOptions } from './session-refresh-link';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

// Session cookies are same-origin today; `include` keeps them flowing if the client is ever
// served from another origin listed in CORS_ORIGINS.
const withCredentials: typeof fetch = (url, options) => fetch(url, { ...options, credentials: 'include' });

/**
 * Called once per page load (see app/providers.tsx): a second client would split the batching
 * and the query cache. The refresh-once link (session-refresh-link.ts) sits in front of the batch link,
 * so a retried call and the refresh itself are batched like any other.
 */
export function createTrpcClient(options: SessionRefreshLinkOptions) {
  return trpc.createClient({
    links: [
      sessionRefreshLink(options),
      splitLink({
        // A call made with `context: { skipBatch: true }` goes alone: the server sends a large
        // public answer (the services list) compressed on its own, but not inside a batch.
        condition: (op) => op.context.skipBatch === true,
        true: httpLink({ url: '/trpc', fetch: withCredentials }),
        false: httpBatchLink({ url: '/trpc', maxItems: MAX_TRPC_BATCH, fetch: withCredentials }),
      }),
    ],
  });
}
