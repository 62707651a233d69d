// Builds the web client (dist/client, dist/ssr) when it is missing or older than its sources
// (lib/build-state.mjs). Used by `npm run build`, `npm start` and the browser tests.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isStale, root } from './lib/build-state.mjs';

export function ensureClientBuilt(): void {
  if (!isStale('client')) return;
  console.log('Building the web client...');
  buildClient();
}

/** The browser's bundle into dist/client, then the server-rendering bundle into dist/ssr. */
export function buildClient(): void {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${String(result.status)})`);
  // The same pages as a bundle the server renders them with (src/client/entry-server.tsx).
  const ssr = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'entry-server.tsx',
      '--outDir',
      join(root, 'dist/ssr'),
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (ssr.status !== 0) throw new Error(`vite build --ssr failed (exit ${String(ssr.status)})`);
}
