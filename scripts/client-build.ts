// Builds the web client when dist/client is missing or older than its sources. Used by
// `npm start` and by the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist/client/index.html');
const builtRenderer = join(root, 'dist/ssr/entry-server.js');
const clientSources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

function clientIsStale(): boolean {
  if (!existsSync(builtIndex) || !existsSync(builtRenderer)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return clientSources.some((source) => {
    const path = join(root, source);
    return existsSync(path) && newestChange(path) > builtAt;
  });
}

export function ensureClientBuilt(): void {
  if (!clientIsStale()) return;
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
