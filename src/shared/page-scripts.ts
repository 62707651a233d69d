// A server-rendered page paints before any of the app's scripts is fetched (src/client/paint-first.ts,
// docs/decisions/0040-paint-first.md). The scripts it needs are named in a JSON element under this
// id (never run, so the content security policy allows it) and fetched once the page has painted.
export const PAGE_SCRIPTS_ID = 'page-scripts';

export interface PageScripts {
  /** The app's entry script (src/client/main.tsx as built). */
  entry: string;
  /** The chunks the entry and the page import, fetched alongside it. */
  preload: string[];
}
