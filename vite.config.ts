import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The web client lives in src/client (its index.html too) and builds into dist/client, which the
// Fastify server serves. Vitest's two projects are declared here as well: `unit` (npm test) and
// `e2e` (npm run test:e2e, real Chromium against the built app).
export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./public'),
  cacheDir: here('./node_modules/.vite'),
  plugins: [react()],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
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
