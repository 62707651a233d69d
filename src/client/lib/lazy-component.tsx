import { lazy, type ComponentType, type ReactElement } from 'react';

/** A component whose code is its own chunk, fetched when first rendered (under a Suspense boundary). */
export type LazyComponent<Props extends object> = ((props: Props) => ReactElement) & {
  /**
   * Fetches the code now. Once it is in, the component renders at once rather than suspending:
   * the entry calls this for the page being hydrated, so the first render matches the server's.
   */
  preload(): Promise<void>;
};

/** How many times a visitor has asked to try failed code again (tryLazyCodeAgain). */
let attempts = 0;

/**
 * Lets every lazy component whose code failed to arrive fetch it again at its next render (an
 * error boundary's "Try again" calls this, then renders its content afresh).
 */
export function tryLazyCodeAgain(): void {
  attempts += 1;
}

/**
 * `load` fetches the code (its styles too); it is asked once, and again only after a failure (a
 * network blip, a phone that went offline), whose error the nearest error boundary shows. React
 * keeps a lazy component's failure for good, so once tryLazyCodeAgain is called a failed one is
 * made afresh and asks for its code again; never by itself, so an offline phone does not ask in a loop.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ Component: ComponentType<Props> }>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<{ Component: ComponentType<Props> }> | undefined;
  /** The attempt in which the code last failed to arrive; null while it has not failed. */
  let failedIn: number | null = null;
  const fetchOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.Component;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        failedIn = attempts;
        throw error;
      },
    );
    return pending;
  };
  const fresh = () => lazy(() => fetchOnce().then((module) => ({ default: module.Component })));
  let Lazy = fresh();
  function Loading(props: Props) {
    if (failedIn !== null && failedIn !== attempts) {
      failedIn = null;
      Lazy = fresh();
    }
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Loading, { preload: () => fetchOnce().then(() => undefined) });
}
