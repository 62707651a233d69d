import { useSyncExternalStore } from 'react';

/**
 * The smallest store React can subscribe to: state is replaced, never mutated, so a changed
 * object is a changed snapshot. No DOM use, so the stores built on it run in node tests.
 */
export interface ExternalStore<State> {
  getState: () => State;
  /** The state the store began with: what a page rendered on the server was rendered with. */
  getInitialState: () => State;
  setState: (patch: Partial<State>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createExternalStore<State extends object>(initial: State): ExternalStore<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    getInitialState: () => initial,
    setState(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Re-renders the calling component whenever the store's state is replaced. While React hydrates
 * server-rendered HTML it reads the initial state, as the server did, whatever happened since (a
 * part of the page hydrates later than the header that loaded the session): the markup matches,
 * and React renders the current state right after.
 */
export function useExternalStore<State>(
  store: Pick<ExternalStore<State>, 'getState' | 'getInitialState' | 'subscribe'>,
): State {
  return useSyncExternalStore(store.subscribe, store.getState, store.getInitialState);
}
