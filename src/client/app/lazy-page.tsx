import { lazy, type ComponentType, type ReactElement } from 'react';

export type PageModule = Promise<{ Component: ComponentType }>;

/** A page whose code is its own chunk, fetched when first shown (under a Suspense boundary). */
export type LazyPage = (() => ReactElement) & {
  /**
   * Fetches the page's code now. Once it is in, the page renders at once rather than suspending:
   * the entry calls this for the page being hydrated, so the first render matches the server's.
   */
  preload(): Promise<void>;
};

/**
 * `load` fetches the code (its styles too); it is asked once, and again only after a failure
 * (a network blip), whose error the nearest error boundary shows.
 */
export function lazyPage(load: () => PageModule): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: PageModule | undefined;
  const fetchOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.Component;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => fetchOnce().then((module) => ({ default: module.Component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload: () => fetchOnce().then(() => undefined) });
}
