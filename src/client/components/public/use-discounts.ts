import type { Discount } from '@/shared/schemas/discounts';
import { trpc } from '@/client/lib/trpc';
import { useErrorToast } from '@/client/lib/use-error-toast';

export interface DiscountsState {
  /** Null until the list has arrived, then the list, possibly empty. */
  discounts: Discount[] | null;
}

/**
 * The discounts of the public site (not expired, the running one first). The marquee and the
 * About page share one cached query, so the list is fetched once per page load.
 */
export function useDiscounts(): DiscountsState {
  const query = trpc.public.discounts.list.useQuery();
  useErrorToast(query.error, 'Failed to load discounts', 'discounts-load-error');
  return { discounts: query.data ?? null };
}
