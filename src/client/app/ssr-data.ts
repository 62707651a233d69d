// What a server-rendered public page hands its scripts: the data it was rendered with (TanStack
// Query's dehydrated cache). In a JSON script element, which the content
// security policy allows (it is never run) and which the entry reads before hydrating (main.tsx).
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { scriptJson } from '@/shared/script-json';

export const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  queries: DehydratedState;
}

export function ssrDataScript(data: SsrData): string {
  return `<script type="application/json" id="${SSR_DATA_ID}">${scriptJson(data)}</script>`;
}

/** The page's server-rendered data, or null when the page was not rendered on the server. */
export function readSsrData(document: Document): SsrData | null {
  const element = document.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  let data: SsrData;
  try {
    data = JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
  return data;
}

/**
 * Puts the page's data into the browser's query cache. The server keeps a rendered page until the
 * salon's data changes, so its data is current however long ago it was fetched: it counts as
 * fetched now, and is not fetched again on mount. (TanStack Query's own `hydrate` does more, for
 * mutations and pending queries the server never sends, and weighs more in the entry script.)
 */
export function seedQueryCache(queryClient: QueryClient, queries: DehydratedState): void {
  const now = Date.now();
  for (const query of queries.queries) {
    if (query.state.status === 'success')
      queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: now });
  }
}
