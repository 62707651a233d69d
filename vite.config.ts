import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `@/x` is `src/x` (tsconfig.json's `paths`; tsx reads those for the server and scripts). */
const resolve = { alias: [{ find: /^@\//, replacement: `${here('./src')}/` }] };

/**
 * Writes `name.br` and `name.gz` next to every built script, style sheet and page, once, at build
 * time; the server (`preCompressed` in src/server/app.ts) sends them to browsers that accept them.
 * Compressing per request would cost CPU on every visit; the originals stay for other clients.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json)$/;
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  let ssr = false;
  return {
    name: 'salon:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The server-rendering bundle is read from disk by the server, never sent to browsers.
      if (ssr) return;
      const names = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The server-rendering bundle (`vite build --ssr`) needs no copy of public/: the server serves it
 * from dist/client. Mantine and date-fns are bundled into it, only the parts the pages use: taken
 * whole from node_modules they held about 50 MB of the server's memory (docs/performance.md).
 */
function serverBundle(): Plugin {
  return {
    name: 'salon:server-bundle',
    apply: 'build',
    config: (config) =>
      config.build?.ssr ? { publicDir: false, ssr: { noExternal: [/^@mantine\//, /^date-fns/] } } : undefined,
  };
}

/**
 * The browser's build has two entries: index.html (the app, main.tsx) and paint-first.ts, the
 * loader a server-rendered page starts with instead (src/server/site/client-assets.ts).
 */
function clientEntries(): Plugin {
  return {
    name: 'salon:client-entries',
    apply: 'build',
    config: (config) =>
      config.build?.ssr
        ? undefined
        : {
            build: {
              rolldownOptions: {
                input: { index: here('./src/client/index.html'), 'paint-first': here('./src/client/paint-first.ts') },
              },
            },
          },
  };
}

// The web client lives in src/client (its index.html too) and builds into dist/client, which the
// Fastify server serves. Vitest's two projects are declared here as well: `unit` (npm test) and
// `e2e` (npm run test:e2e, real Chromium against the built app).
export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./public'),
  cacheDir: here('./node_modules/.vite'),
  plugins: [react(), precompress(), serverBundle(), clientEntries()],
  resolve,
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // Which scripts and styles each source ended up in: the server links a rendered page's styles
    // in its head and names its scripts for the loader (src/server/site/client-assets.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          root: here('.'),
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/e2e/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          root: here('.'),
          include: ['src/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
