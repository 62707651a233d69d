// The public pages rendered on the server without `npm run build`: a client folder laid out as the
// build lays it (index.html, .vite/manifest.json, ../ssr/entry-server.js), whose rendering bundle
// is the client's own entry (src/client/entry-server.tsx), compiled by Vitest as it is imported.
// The same router, pages and data as the built bundle; the manifest names only the two entries
// (the app and the loader a rendered page starts with), so the pages name no chunks.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const clientSources = join(import.meta.dirname, '../../client');

/** The client folder to give `buildApp` (removed after the test file). */
export function renderingClientDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'salon-rendering-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  mkdirSync(join(root, 'ssr'));
  // index.html as the build writes it: the entry's script by its built name.
  const template = readFileSync(join(clientSources, 'index.html'), 'utf8').replace(
    '<script type="module" src="./main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
  );
  writeFileSync(join(clientDir, 'index.html'), template);
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'paint-first.ts': { file: 'assets/paint-first.js', isEntry: true },
  };
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(root, 'ssr', 'entry-server.js'),
    `export * from ${JSON.stringify(join(clientSources, 'entry-server.tsx'))};\n`,
  );
  return clientDir;
}
