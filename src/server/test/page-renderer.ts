// The public pages rendered on the server without `npm run build`: a client folder laid out as the
// build lays it (index.html, .vite/manifest.json, ../ssr/entry-server.js), whose rendering bundle
// is the client's own entry (src/client/entry-server.tsx), compiled by Vitest as it is imported.
// The same router, pages and data as the built bundle; only the scripts' <link>s are missing
// (the manifest is empty).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  copyFileSync(join(clientSources, 'index.html'), join(clientDir, 'index.html'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(
    join(root, 'ssr', 'entry-server.js'),
    `export * from ${JSON.stringify(join(clientSources, 'entry-server.tsx'))};\n`,
  );
  return clientDir;
}
