// Which built files a server-rendered page needs, from the client build's manifest
// (`dist/client/.vite/manifest.json`): its styles go in its head and hold its first paint, as they
// must; its scripts (the app's entry, the chunks it imports and the page's own) are only named, and
// fetched once it has painted (src/client/paint-first.ts, docs/decisions/0040-paint-first.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageScripts } from '@/shared/page-scripts';

/** A chunk of the client build's manifest. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** index.html for a server-rendered page: the loader in place of the entry and its preloads. */
  template: string;
  /** What a page of `modules` (as the manifest names sources) needs, in one walk of the manifest. */
  pageFiles(modules: string[]): PageFiles;
}

export interface PageFiles {
  /** The `<link>`s of the modules' style sheets that the entry lacks. */
  styleLinks: string[];
  /** The scripts to fetch once the page has painted: the entry's, then the modules'. */
  scripts: PageScripts;
}

const url = (file: string) => `/${file}`;

/**
 * What the entry imports at its start: React's renderer, a chunk of its own so that its
 * evaluation is a task apart from the entry's (src/client/main.tsx). It is fetched with the
 * entry's chunks, not once the entry asks for it. The manifest names a package by its path from
 * the client's folder (`../../node_modules/react-dom/client.js`): it is found by its ending.
 */
export const ENTRY_START_PACKAGES = ['react-dom/client.js'];

/** Where index.html holds the app, and a rendered page its markup. */
export const ROOT_PLACEHOLDER = '<div id="root"></div>';

/** The client build's manifest, or null when it has none. */
function readManifest(clientDir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The entry's files (its script, the chunks it imports, its styles) and its start packages' keys. */
function entryOf(manifest: Manifest, entry: ManifestChunk) {
  const entryImports = (entry.imports ?? []).flatMap((key) => manifest[key]?.file ?? []);
  const entryFiles = new Set([entry.file, ...entryImports, ...(entry.css ?? [])]);
  const startModules = (entry.dynamicImports ?? []).filter((key) =>
    ENTRY_START_PACKAGES.some((name) => key.endsWith(`node_modules/${name}`)),
  );
  return { entryImports, entryFiles, startModules };
}

/** The files of `modules` and of every chunk they import, the entry's (`entryFiles`) left out. */
function filesOf(manifest: Manifest, entryFiles: ReadonlySet<string>, modules: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file) || scripts.has(chunk.file) || styles.has(chunk.file)) return;
    // A module that is only a style sheet (app/public-styles.ts) is built into a .css file.
    if (chunk.file.endsWith('.css')) styles.add(chunk.file);
    else scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!entryFiles.has(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

/** How Vite writes the entry's script tag in index.html (its chunks: `<link rel="modulepreload" ...>` lines). */
const entryScriptOf = (entry: ManifestChunk) => `<script type="module" crossorigin src="${url(entry.file)}"></script>`;

/**
 * index.html for the pages the browser renders (the back office): the entry's start packages and
 * the chunks they import preloaded beside the entry's own, so they come with it rather than a
 * round trip after it. As it is when the build has no manifest.
 */
export function withStartPreloads(clientDir: string, template: string): string {
  const manifest = readManifest(clientDir);
  const entry = manifest?.['index.html'];
  if (!manifest || !entry) return template;
  const { entryFiles, startModules } = entryOf(manifest, entry);
  const entryScript = entryScriptOf(entry);
  if (!template.includes(entryScript)) return template;
  // index.html preloads every chunk the entry imports, directly or not: those stay as they are.
  const links = filesOf(manifest, entryFiles, startModules)
    .scripts.filter((file) => !template.includes(`href="${url(file)}"`))
    .map((file) => `\n    <link rel="modulepreload" crossorigin href="${url(file)}">`)
    .join('');
  // After the entry's own preloads: they are what it needs first.
  const preloads = [...template.matchAll(/<link rel="modulepreload"[^>]*>/g)];
  const last = preloads.at(-1);
  const at = last ? last.index + last[0].length : template.indexOf(entryScript) + entryScript.length;
  return `${template.slice(0, at)}${links}${template.slice(at)}`;
}

/**
 * The built client's files for server-rendered pages, or null when the build has no manifest or no
 * loader (an older build: the pages are then rendered in the browser only).
 */
export function readPageAssets(clientDir: string, template: string): PageAssets | null {
  const manifest = readManifest(clientDir);
  const entry = manifest?.['index.html'];
  const loader = manifest?.['paint-first.ts'];
  if (!manifest || !entry || !loader) return null;
  const { entryImports, entryFiles, startModules } = entryOf(manifest, entry);

  const entryScript = entryScriptOf(entry);
  // The page goes in the root placeholder, its scripts' names after it (ssr.ts): without either,
  // a page would start the loader with nothing to load.
  if (!template.includes(entryScript) || !template.includes(ROOT_PLACEHOLDER)) return null;
  const pageTemplate = template
    .replace(entryScript, `<script type="module" crossorigin src="${url(loader.file)}"></script>`)
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '');

  return {
    template: pageTemplate,
    pageFiles(modules) {
      const { styles, scripts } = filesOf(manifest, entryFiles, [...startModules, ...modules]);
      return {
        styleLinks: styles.map((file) => `<link rel="stylesheet" crossorigin href="${url(file)}" />`),
        scripts: { entry: url(entry.file), preload: [...entryImports, ...scripts].map(url) },
      };
    },
  };
}
