// The admin session in the browser: admin, isAuthenticated and initialized.
import { createExternalStore, useExternalStore } from '@/client/lib/external-store';
import type { RouterOutputs } from '@/client/lib/trpc';

export type AdminAccount = RouterOutputs['admin']['account']['me'];

export interface AdminAuthState {
  admin: AdminAccount | null;
  isAuthenticated: boolean;
  /** False until the first answer about the session (or a login or logout) is in. */
  initialized: boolean;
}

export const initialAdminAuthState: AdminAuthState = { admin: null, isAuthenticated: false, initialized: false };

export function createAdminAuthStore() {
  const store = createExternalStore<AdminAuthState>(initialAdminAuthState);
  let loading = false;
  // Bumped by login and logout: a `me` answer that arrives after either is out of date.
  let generation = 0;

  const actions = {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,

    setCredentials(admin: AdminAccount) {
      generation++;
      store.setState({ admin, isAuthenticated: true, initialized: true });
    },
    logout() {
      generation++;
      store.setState({ admin: null, isAuthenticated: false, initialized: true });
    },

    /**
     * Fetches the current admin once, unless the session is already known. Any failure, a 401
     * included, leaves the store initialized and logged out.
     */
    async load(fetchMe: () => Promise<AdminAccount>): Promise<void> {
      if (store.getState().initialized || loading) return;
      loading = true;
      const started = generation;
      try {
        const admin = await fetchMe();
        if (started === generation) actions.setCredentials(admin);
      } catch {
        if (started === generation) actions.logout();
      } finally {
        loading = false;
      }
    },
  };
  return actions;
}

export type AdminAuthStore = ReturnType<typeof createAdminAuthStore>;

/** The one admin session of this page. */
export const adminAuthStore = createAdminAuthStore();

export function useAdminAuth(): AdminAuthState {
  return useExternalStore(adminAuthStore);
}
