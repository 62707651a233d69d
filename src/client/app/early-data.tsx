import { useEffect } from 'react';
import { trpc } from '@/client/lib/trpc';

/**
 * Asks for the data of the page opened from the address bar while that page's own code is still
 * on its way, instead of after it arrives: the Services page's list decides what its first
 * screen shows (its first picture is the largest thing on it). The page's query then finds it in
 * the cache; the request joins the layout's own first batch.
 */
export function EarlyData() {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (window.location.pathname === '/service') {
      void utils.public.services.list.prefetch(undefined, { trpc: { context: { skipBatch: true } } });
    }
  }, [utils]);
  return null;
}
