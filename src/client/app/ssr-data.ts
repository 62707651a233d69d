// What a server-rendered public page hands its scripts: the data it was rendered with (TanStack
// Query's dehydrated cache) and the router's state. In a JSON script element, which the content
// security policy allows (it is never run) and which the entry reads before hydrating (main.tsx).
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { scriptJson } from '@/shared/script-json';

export const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  queries: DehydratedState;
  router: HydrationState;
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
  // The server keeps a rendered page until the salon's data changes, so its data is current
  // however long ago it was fetched: fresh for the query cache, not fetched again on mount.
  const now = Date.now();
  for (const query of data.queries.queries) query.state.dataUpdatedAt = now;
  return data;
}
