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
 * Style sheets that failed to load: a lazy chunk's own, which Vite's preload adds as a link before
 * the chunk is imported. Vite never asks for a sheet twice, so tryLazyCodeAgain puts them back.
 */
const failedSheets = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  // A link's error event does not bubble: it is caught on its way down.
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedSheets.add(target);
    },
    true,
  );
}

/** Puts a fresh copy of `failed` in its place, so the browser fetches it again; true once it has loaded. */
function loadAgain(failed: HTMLLinkElement): Promise<boolean> {
  const fresh = failed.cloneNode() as HTMLLinkElement;
  return new Promise((resolve) => {
    fresh.addEventListener('load', () => resolve(true), { once: true });
    fresh.addEventListener('error', () => resolve(false), { once: true });
    failed.replaceWith(fresh);
  });
}

/**
 * Fetches again the style sheets that failed to load, then lets every lazy component whose code
 * failed to arrive fetch it again at its next render. An error boundary's "Try again" calls this,
 * then renders its content afresh once it answers true. False: a sheet failed again, and the
 * boundary keeps saying so rather than show its content without its styles.
 */
export async function tryLazyCodeAgain(): Promise<boolean> {
  const sheets = [...failedSheets];
  failedSheets.clear();
  const loaded = await Promise.all(sheets.map(loadAgain));
  attempts += 1;
  return loaded.every(Boolean);
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
