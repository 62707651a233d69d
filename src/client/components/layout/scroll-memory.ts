import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'salon-scroll-positions';
/** Positions kept for this many history entries, the latest ones. */
const KEPT = 50;

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(stored)) {
      return new Map(
        stored.filter(
          (entry): entry is [string, number] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
        ),
      );
    }
  } catch {
    // Storage blocked or spoilt: start afresh.
  }
  return new Map();
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT)));
  } catch {
    // Storage blocked or full: Back then starts at the top, nothing worse.
  }
}

/**
 * Where the window is scrolled as the reader moves around the public site: a new page starts at
 * its top, or at its #anchor (a category of /service); Back and Forward, and a reload, return to
 * where the reader was on that entry; a replaced address on the same page (a form writing its
 * choice into the query) leaves the window where it is.
 */
export function useScrollMemory(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Every freshly loaded document has the location key "default", so those entries are keyed by
  // path: otherwise a reload of one page would restore another page's position.
  const key = location.key === 'default' ? location.pathname : location.key;
  const positions = useRef<Map<string, number> | null>(null);
  const current = useRef(key);
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current?.set(current.current, window.scrollY);
    const save = () => {
      remember();
      if (positions.current) savePositions(positions.current);
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    current.current = key;
    if (navigationType === NavigationType.Replace && samePage) return;
    const saved = positions.current.get(key);
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // A page opened from the address bar is already at its top (or where the browser put it).
    if (navigationType === NavigationType.Pop) return;
    window.scrollTo(0, 0);
  }, [key, location.pathname, location.hash, navigationType]);
}
