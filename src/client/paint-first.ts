// The one script a server-rendered page starts with (site/ssr.ts puts it in place of the entry).
// The page is whole as it arrives: it paints first, and only then are the app's scripts fetched,
// so that on a slow network they never hold up its text and pictures. The app then hydrates the
// page as before (main.tsx). docs/decisions/0040-paint-first.md
import { PAGE_SCRIPTS_ID, type PageScripts } from '@/shared/page-scripts';

/** The longest the app waits for the first paint, in ms. */
const FIRST_PAINT_WAIT_MS = 3000;

function readPageScripts(): PageScripts | null {
  try {
    const scripts = JSON.parse(document.getElementById(PAGE_SCRIPTS_ID)?.textContent ?? 'null') as PageScripts | null;
    return typeof scripts?.entry === 'string' && Array.isArray(scripts.preload) ? scripts : null;
  } catch {
    return null;
  }
}

/** How many chunks are asked for in one task: each costs the main thread, a phone's most of all. */
const PRELOADS_PER_TASK = 3;

/**
 * The entry, with every chunk it and the page import fetched side by side rather than one after
 * another. The chunks are asked for a few at a time, each few in a task of its own, so that the
 * page stays responsive while they are (Total Blocking Time); all at once in a hidden tab, where
 * nobody waits on the page and a browser slows timers down to one a second.
 */
function load(scripts: PageScripts): void {
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = 'anonymous';
  entry.src = scripts.entry;
  document.head.append(entry);
  const perTask = document.visibilityState === 'visible' ? PRELOADS_PER_TASK : scripts.preload.length;
  let next = 0;
  const preloadSome = () => {
    const added = document.createDocumentFragment();
    for (const href of scripts.preload.slice(next, next + perTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      added.append(link);
    }
    next += perTask;
    document.head.append(added);
    if (next < scripts.preload.length) setTimeout(preloadSome, 0);
  };
  setTimeout(preloadSome, 0);
}

/**
 * Runs `callback` once the browser reports the page's first contentful paint (it is on screen,
 * not only drawn). A tab opened in the background paints nothing until it is shown: nothing to
 * wait for then. A browser that cannot report paints waits for the frame after this one.
 */
function afterFirstPaint(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  if (document.visibilityState !== 'visible') {
    run();
    return;
  }
  // Hidden before it painted (another tab chosen): no paint is coming until it is shown.
  document.addEventListener('visibilitychange', run, { once: true });
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(run, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  }).observe({ type: 'paint', buffered: true });
  // A page with nothing contentful on screen reports no such paint: it waits no longer than this.
  setTimeout(run, FIRST_PAINT_WAIT_MS);
}

const scripts = readPageScripts();
if (scripts) afterFirstPaint(() => load(scripts));
