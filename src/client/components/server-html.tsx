import { useCallback, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

const noSubscription = () => () => undefined;
/** Compared by its text: the same empty string on every render, so React never writes it. */
const KEEP_INNER_HTML = { __html: '' };

/**
 * What in the server's markup needs React once shown: a part still loading (the placeholder of a
 * query the server could not answer) or a control (a form field, a retry button).
 */
const NEEDS_REACT = '[aria-busy="true"], button, input, select, textarea';

/** True while React hydrates the server's markup (its server snapshot), false when it renders in the browser. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * Whether the server's markup of the wrapper `id` can stay as it is: it is there (the page was
 * rendered by the server, and is being hydrated) and holds nothing that needs React.
 */
function keepable(id: string, hydrating: boolean): boolean {
  if (!hydrating || typeof document === 'undefined') return false;
  const markup = document.getElementById(id);
  return markup !== null && markup.querySelector(NEEDS_REACT) === null;
}

/**
 * The address of a router link clicked in the kept markup (React Router marks its links
 * `data-discover`), when the router would follow it: left button, no modifier, no other target.
 */
function routerPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  if (link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return null;
  // A jump within this page is the browser's own.
  const { pathname, search } = window.location;
  if (link.pathname === pathname && link.search === search && link.hash !== '') return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * Content that never changes once the server rendered it (a page's text, pictures and data as
 * they were when the page was sent): the browser keeps the server's markup and React never
 * hydrates it, so a phone spends no time rebuilding what is already on screen (decision 0046).
 * Its links still move within the app, as the router's own do.
 *
 * The markup is kept only when it holds nothing that needs React (a part the server rendered
 * still loading, a button, a field): then it is hydrated as any other. So is the content of a
 * page reached from another in the browser: there is no server markup to keep.
 */
export function ServerHtml({ children }: { children: ReactNode }) {
  const id = useId();
  const hydrating = useHydrating();
  // Decided once: the markup kept stays, whatever is rendered around it later.
  const [kept] = useState(() => keepable(id, hydrating));
  const navigate = useNavigate();
  // The kept links are the server's plain ones: a click (or Enter) on one moves within the app,
  // replacing the history entry when it leads where the visitor is, as the router's Link does.
  const followLinks = useCallback(
    (wrapper: HTMLDivElement | null) => {
      const follow = (event: MouseEvent) => {
        const path = routerPath(event);
        if (path === null) return;
        event.preventDefault();
        const { pathname, search, hash } = window.location;
        void navigate(path, { replace: path === `${pathname}${search}${hash}` });
      };
      wrapper?.addEventListener('click', follow);
      return () => wrapper?.removeEventListener('click', follow);
    },
    [navigate],
  );
  // `display: contents`: the wrapper adds no box, so the content lays out as the page's own. An
  // empty inner HTML is never written over the server's (React compares it by its text), and is
  // not compared with it (hence no hydration warning in a development build).
  if (kept)
    return (
      <div
        id={id}
        ref={followLinks}
        style={{ display: 'contents' }}
        dangerouslySetInnerHTML={KEEP_INNER_HTML}
        suppressHydrationWarning
      />
    );
  return (
    <div id={id} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
