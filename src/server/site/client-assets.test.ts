// What a server-rendered page links and names, from a client build's manifest laid out as Vite
// writes it: the loader in place of the entry, no script fetched before the first paint, the
// page's own styles in its head and its scripts named for later, none of the entry's twice.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPageAssets, withStartPreloads } from './client-assets';

const root = mkdtempSync(join(tmpdir(), 'salon-assets-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Rose Beauty Salon</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/Box-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/react-dom-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_Box-B2.js', '_react-dom-C3.js'],
    dynamicImports: ['../../node_modules/react-dom/client.js', 'features/services/service-page.tsx'],
    css: ['assets/index-D4.css'],
  },
  '../../node_modules/react-dom/client.js': {
    file: 'assets/client-J1.js',
    isDynamicEntry: true,
    imports: ['_react-dom-C3.js', '_scheduler-K2.js'],
  },
  '_scheduler-K2.js': { file: 'assets/scheduler-K2.js' },
  'paint-first.ts': { file: 'assets/paint-first-E5.js', isEntry: true },
  '_Box-B2.js': { file: 'assets/Box-B2.js' },
  '_react-dom-C3.js': { file: 'assets/react-dom-C3.js' },
  'app/public-styles.ts': { file: 'assets/public-styles-F6.css' },
  'features/services/service-page.tsx': {
    file: 'assets/service-page-G7.js',
    imports: ['_Box-B2.js', '_Image-H8.js'],
    css: ['assets/service-page-I9.css'],
  },
  '_Image-H8.js': { file: 'assets/Image-H8.js', imports: ['_Box-B2.js'], css: ['assets/index-D4.css'] },
};

function clientDir(name: string, manifest: unknown): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the built files of a server-rendered page', () => {
  const assets = readPageAssets(clientDir('built', MANIFEST), TEMPLATE);
  if (!assets) throw new Error('the manifest names both entries');
  const page = ['app/public-styles.ts', 'features/services/service-page.tsx'];

  it('starts with the loader alone: no script of the app is fetched before the page has painted', () => {
    expect(assets.template).toContain('<script type="module" crossorigin src="/assets/paint-first-E5.js"></script>');
    expect(assets.template).not.toContain('index-A1.js');
    expect(assets.template).not.toContain('modulepreload');
    // The entry's styles still hold the first paint, as they must.
    expect(assets.template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it('links the page’s own style sheets, none of the entry’s again', () => {
    expect(assets.pageFiles(page).styleLinks).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/public-styles-F6.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/service-page-I9.css" />',
    ]);
  });

  it('names the entry, its chunks, what it imports at its start (React’s renderer) and the page’s for after the paint, each once', () => {
    const start = ['/assets/client-J1.js', '/assets/scheduler-K2.js'];
    expect(assets.pageFiles(page).scripts).toEqual({
      entry: '/assets/index-A1.js',
      preload: [
        '/assets/Box-B2.js',
        '/assets/react-dom-C3.js',
        ...start,
        '/assets/service-page-G7.js',
        '/assets/Image-H8.js',
      ],
    });
    expect(assets.pageFiles([]).scripts).toEqual({
      entry: '/assets/index-A1.js',
      preload: ['/assets/Box-B2.js', '/assets/react-dom-C3.js', ...start],
    });
  });

  it('gives nothing for a build without the loader or a manifest, or another index.html (the pages are then rendered in the browser)', () => {
    const { 'paint-first.ts': _loader, ...older } = MANIFEST;
    expect(readPageAssets(clientDir('older', older), TEMPLATE)).toBeNull();
    expect(readPageAssets(join(root, 'none'), TEMPLATE)).toBeNull();
    // A template whose entry is not the manifest's (another build's page) is not rewritten blindly.
    expect(readPageAssets(clientDir('other', MANIFEST), TEMPLATE.replace('index-A1', 'index-Z9'))).toBeNull();
    // Nor one with no place for the page: the loader would start with nothing to load.
    expect(
      readPageAssets(clientDir('rootless', MANIFEST), TEMPLATE.replace('<div id="root">', '<div id="app">')),
    ).toBeNull();
  });
});

describe('the page of the back office (rendered in the browser)', () => {
  it('preloads React’s renderer and what it imports after the entry’s own chunks, not a round trip after the entry', () => {
    const page = withStartPreloads(clientDir('spa', MANIFEST), TEMPLATE);
    expect(page).toContain(
      [
        '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/Box-B2.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/react-dom-C3.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/client-J1.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/scheduler-K2.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">',
      ].join('\n'),
    );
    // A server-rendered page made from it still starts with the loader alone.
    expect(readPageAssets(clientDir('spa', MANIFEST), page)?.template).not.toContain('modulepreload');
  });

  it('preloads once what index.html preloads already, also a chunk the entry imports through another', () => {
    // As Vite builds it: the entry imports Box, Box imports react-dom; index.html preloads both.
    const indirect = {
      ...MANIFEST,
      'index.html': { ...MANIFEST['index.html'], imports: ['_Box-B2.js'] },
      '_Box-B2.js': { file: 'assets/Box-B2.js', imports: ['_react-dom-C3.js'] },
    };
    const page = withStartPreloads(clientDir('spa-indirect', indirect), TEMPLATE);
    for (const file of ['Box-B2', 'react-dom-C3', 'client-J1', 'scheduler-K2']) {
      expect(page.match(new RegExp(`${file}\\.js`, 'g'))).toHaveLength(1);
    }
  });

  it('leaves index.html as it is without a manifest, or when the entry is another build’s', () => {
    expect(withStartPreloads(join(root, 'none'), TEMPLATE)).toBe(TEMPLATE);
    const other = TEMPLATE.replace('index-A1', 'index-Z9');
    expect(withStartPreloads(clientDir('spa-other', MANIFEST), other)).toBe(other);
  });
});
