// `npm start`: builds what is missing or older than its sources (the web client, the compiled
// server: `npm run build`), then runs the compiled server, which applies migrations and seeds an
// empty database. Plain JavaScript, so nothing is transpiled at run time
// (docs/decisions/0038-compiled-server.md).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, staleBuilds } from './lib/build-state.mjs';

const stale = staleBuilds();
if (stale.length > 0) {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  const built = spawnSync(process.execPath, [tsx, join(root, 'scripts/build.ts'), ...stale], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(join(root, 'dist/server/index.js')).href);
