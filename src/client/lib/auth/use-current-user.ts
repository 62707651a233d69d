import { useEffect } from 'react';
import { trpc } from '@/client/lib/trpc';
import { useUserAuth, userAuthStore, type UserAccount } from './user-auth-store';

/** The logged-in customer, or null for a visitor. */
export type CurrentUser = UserAccount;

export function useCurrentUser(): CurrentUser | null {
  return useUserAuth().user;
}

/**
 * Asks the server who is logged in, once per page load (the store ignores later calls). It asks
 * `public.auth.session`, which answers `null` for a visitor instead of a 401, so a visitor's page
 * load makes no failing requests; "no user" is recorded as the fetch failing.
 */
export function useLoadCurrentUser(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    void userAuthStore.load(async () => {
      const { user } = await utils.client.public.auth.session.query();
      if (!user) throw new Error('not logged in');
      return user;
    });
  }, [utils]);
}
