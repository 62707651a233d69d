// Which of the builds `npm start` runs are missing or older than their sources. Plain JavaScript:
// scripts/start.mjs reads it before anything is compiled, so the server runs without a TypeScript
// loader (docs/decisions/0038-compiled-server.md).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder that holds package.json. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each build: what it makes (the first is written last, so its time says when the build ended) and
 * what it is made from.
 */
export const BUILDS = {
  client: {
    outputs: ['dist/client/index.html', 'dist/ssr/entry-server.js'],
    sources: ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'],
  },
  server: {
    outputs: ['dist/server/index.js', 'dist/server/mail-worker.js'],
    sources: ['src/server', 'src/shared', 'scripts/lib/server-build.ts', 'tsconfig.json', 'package-lock.json'],
  },
};

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

/** Whether the build `name` is missing or older than one of its sources. */
export function isStale(name) {
  const { outputs, sources } = BUILDS[name];
  if (!outputs.every((output) => existsSync(join(root, output)))) return true;
  const builtAt = statSync(join(root, outputs[0])).mtimeMs;
  return sources.some((source) => {
    const path = join(root, source);
    return existsSync(path) && newestChange(path) > builtAt;
  });
}

/** The names of the builds that are missing or stale. */
export function staleBuilds() {
  return Object.keys(BUILDS).filter((name) => isStale(name));
}
