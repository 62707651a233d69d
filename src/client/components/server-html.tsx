import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

const noSubscription = () => () => undefined;
/** Compared by its text: the same empty string on every render, so React never writes it. */
const KEEP_INNER_HTML = { __html: '' };

/** True while React hydrates the server's markup (its server snapshot), false when it renders in the browser. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** The address of the link clicked, when the router would follow it: same site, left button, no modifier, no other target. */
function routerPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link?.origin !== window.location.origin || link.hasAttribute('download')) return null;
  if (link.target !== '' && link.target !== '_self') return null;
  // A jump within this page is the browser's own.
  if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash !== '')
    return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * Content that never changes once the server rendered it (a page's text, pictures and data as
 * they were when the page was sent): the browser keeps the server's markup and React never
 * hydrates it, so a phone spends no time rebuilding what is already on screen. Its links
 * still move within the app, as the router's own do.
 *
 * `complete`: the server rendered the content with all its data (its queries succeeded). When
 * not, the content is hydrated as any other, and shows the data once it arrives. The same is true
 * of a page reached from another in the browser: there is no server markup to keep.
 */
export function ServerHtml({ complete, children }: { complete: boolean; children: ReactNode }) {
  const hydrating = useHydrating();
  // Decided once: the markup kept stays, whatever is rendered around it later.
  const [kept] = useState(() => typeof window !== 'undefined' && hydrating && complete);
  const navigate = useNavigate();
  // The kept links are the server's plain ones: a click (or Enter) on one moves within the app.
  const followLinks = useCallback(
    (wrapper: HTMLDivElement | null) => {
      const follow = (event: MouseEvent) => {
        const path = routerPath(event);
        if (path === null) return;
        event.preventDefault();
        void navigate(path);
      };
      wrapper?.addEventListener('click', follow);
      return () => wrapper?.removeEventListener('click', follow);
    },
    [navigate],
  );
  // `display: contents`: the wrapper adds no box, so the content lays out as the page's own. An
  // empty inner HTML is never compared with the server's: React leaves what is inside alone.
  if (kept) return <div ref={followLinks} style={{ display: 'contents' }} dangerouslySetInnerHTML={KEEP_INNER_HTML} />;
  return <div style={{ display: 'contents' }}>{children}</div>;
}
