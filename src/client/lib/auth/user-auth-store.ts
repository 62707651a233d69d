// The customer session in the browser: user, isAuthenticated and a fetch status.
import { createExternalStore, useExternalStore } from '@/client/lib/external-store';
import type { RouterOutputs } from '@/client/lib/trpc';

export type UserAccount = RouterOutputs['customer']['account']['me'];
export type UserAuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface UserAuthState {
  user: UserAccount | null;
  isAuthenticated: boolean;
  status: UserAuthStatus;
}

export const initialUserAuthState: UserAuthState = { user: null, isAuthenticated: false, status: 'idle' };

export function createUserAuthStore() {
  const store = createExternalStore<UserAuthState>(initialUserAuthState);
  // Bumped by login and logout: a `me` answer that arrives after either is out of date.
  let generation = 0;

  const actions = {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,

    fetchStarted() {
      store.setState({ status: 'loading' });
    },
    fetchSucceeded(user: UserAccount) {
      store.setState({ user, isAuthenticated: true, status: 'succeeded' });
    },
    fetchFailed() {
      store.setState({ user: null, isAuthenticated: false, status: 'failed' });
    },
    setCredentials(user: UserAccount) {
      generation++;
      store.setState({ user, isAuthenticated: true });
    },
    logout() {
      generation++;
      store.setState({ user: null, isAuthenticated: false, status: 'failed' });
    },

    /**
     * Fetches the current user once: a second call while one is on its way, or after it ended,
     * does nothing (React's StrictMode runs effects twice). Any failure, a 401 included, means
     * "logged out" and is not an error worth showing.
     */
    async load(fetchMe: () => Promise<UserAccount>): Promise<void> {
      if (store.getState().status !== 'idle') return;
      const started = generation;
      actions.fetchStarted();
      let user: UserAccount;
      try {
        user = await fetchMe();
      } catch {
        if (started === generation) actions.fetchFailed();
        else settleStale();
        return;
      }
      if (started === generation) actions.fetchSucceeded(user);
      else settleStale();
    },
  };

  /** A login or logout happened meanwhile and decided who is here; only the status is left. */
  function settleStale() {
    const state = store.getState();
    if (state.status === 'loading') store.setState({ status: state.isAuthenticated ? 'succeeded' : 'failed' });
  }

  return actions;
}

export type UserAuthStore = ReturnType<typeof createUserAuthStore>;

/** The one customer session of this page. */
export const userAuthStore = createUserAuthStore();

export function useUserAuth(): UserAuthState {
  return useExternalStore(userAuthStore);
}
