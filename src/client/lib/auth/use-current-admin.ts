import { useEffect } from 'react';
import { trpc } from '@/client/lib/trpc';
import { adminAuthStore, useAdminAuth, type AdminAuthState } from './admin-auth-store';

/**
 * The admin session, fetched from the server once per page load unless a login or logout has
 * already settled it. A 401 leaves it initialized and logged out.
 */
export function useCurrentAdmin(): AdminAuthState {
  const utils = trpc.useUtils();
  useEffect(() => {
    void adminAuthStore.load(() => utils.client.admin.account.me.query());
  }, [utils]);
  return useAdminAuth();
}
