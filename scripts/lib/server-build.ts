// The compiled server (`npm run build`, dist/server): the entry point and the mail thread's worker,
// each one ES module with the project's own code bundled in and the packages left to node_modules,
// but date-fns: bundled, only the functions the server uses (its index loads every one, 8 MB).
// Written to a folder of its own, then moved into place file by file, the entry point last: a
// server started meanwhile (or a second build at the same moment) never reads half a build.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { BUILDS, root } from './build-state.mjs';

const OUT_DIR = join(root, 'dist/server');

/** Packages bundled into the server rather than loaded from node_modules. */
const BUNDLED = /^(date-fns|@date-fns\/tz)(\/|$)/;

/** Every other package, and Node's own modules, stays an import (`@/` is the project's own code). */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@/') || BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(): Promise<void> {
  const staging = join(root, `dist/server-${String(process.pid)}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: { index: 'src/server/index.ts', 'mail-worker': 'src/server/mail/mail-worker.ts' },
      outdir: staging,
      bundle: true,
      plugins: [packagesOutside],
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    mkdirSync(OUT_DIR, { recursive: true });
    const stamp = BUILDS.server.outputs[0]?.split('/').pop() ?? 'index.js';
    const files = readdirSync(staging).sort((a, b) => Number(a === stamp) - Number(b === stamp));
    for (const file of files) renameSync(join(staging, file), join(OUT_DIR, file));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
