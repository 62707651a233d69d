import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

/** Mirrors the server's MAX_TRPC_BATCH: a larger batch would be refused as a whole. */
const MAX_BATCH_ITEMS = 20;

/**
 * Called once per page load (see app/providers.tsx): a second client would split the batching
 * and the query cache. The session refresh-once link of spec section 8 goes in front of the
 * batch link when accounts arrive.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: MAX_BATCH_ITEMS,
        // Session cookies are same-origin today; `include` keeps them flowing if the client is
        // ever served from another origin listed in CORS_ORIGINS.
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}
