// What a first visit downloads: every JavaScript response of a page opened in a fresh Chromium
// context, per chunk, with the bytes on the wire. The server sends no Content-Encoding today, so
// where a response is not compressed its gzip size (zlib level 6, what a compressing proxy sends)
// is reported as the transfer size, and the row says so.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const distAssets = fileURLToPath(new URL('../../dist/client/assets', import.meta.url));

export interface ChunkSize {
  file: string;
  /** Bytes of JavaScript (decoded). */
  rawBytes: number;
  /** Bytes transferred, compressed: as sent, or gzip of the body when the server sent it plain. */
  gzipBytes: number;
  /** True when the server compressed the response itself. */
  serverCompressed: boolean;
  /** Back-office code in this chunk (by its source map: src/client/features/admin or components/admin). */
  admin: boolean;
}

export interface PageJs {
  path: string;
  chunks: ChunkSize[];
  totalGzip: number;
  totalRaw: number;
  adminChunks: string[];
  /** Requests of the page that failed (none expected). */
  failed: string[];
}

export function launchChromium(): Promise<Browser> {
  // The flags of src/e2e/browser.ts: Debian's Chromium as this machine allows.
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const adminCache = new Map<string, boolean>();
/** Whether a built chunk holds back-office modules, read from its source map (name as fallback). */
function isAdminChunk(file: string): boolean {
  const cached = adminCache.get(file);
  if (cached !== undefined) return cached;
  let admin = /admin/i.test(file);
  const map = join(distAssets, `${file}.map`);
  if (existsSync(map)) {
    try {
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [];
      admin = sources.some((s) => /(?:features|components)\/admin\//.test(s));
    } catch {
      // keep the name's verdict
    }
  }
  adminCache.set(file, admin);
  return admin;
}

export async function measurePageJs(browser: Browser, baseUrl: string, path: string): Promise<PageJs> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const pending: Promise<ChunkSize | null>[] = [];
    const failed: string[] = [];
    page.on('requestfailed', (request) =>
      failed.push(`${new URL(request.url()).pathname}: ${request.failure()?.errorText ?? 'failed'}`),
    );
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      // An admin page opened before login asks who is logged in and gets 401: expected (src/e2e/browser.ts).
      const expected = response.status() === 401 && pathname.startsWith('/trpc/admin.account.');
      if (response.status() >= 400 && !expected) failed.push(`${pathname}: ${response.status()}`);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      const isScript = response.request().resourceType() === 'script' || url.pathname.endsWith('.js');
      if (!isScript || url.origin !== new URL(baseUrl).origin) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return null;
          // A chunk still arriving when the page is closed is not counted (its headers are gone).
          const headers = await response.allHeaders().catch(() => null);
          if (!headers) return null;
          const encoding = headers['content-encoding'];
          const sizes = await response
            .request()
            .sizes()
            .catch(() => null);
          const serverCompressed = encoding !== undefined && encoding !== 'identity';
          const file = basename(url.pathname);
          return {
            file,
            rawBytes: body.length,
            gzipBytes: serverCompressed && sizes ? sizes.responseBodySize : gzipSync(body, { level: 6 }).length,
            serverCompressed,
            admin: isAdminChunk(file),
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // Chunks a page loads right after it settles (lazy routes) count too.
    await page.waitForTimeout(500);
    const chunks = (await Promise.all(pending))
      .filter((c): c is ChunkSize => c !== null)
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      path,
      chunks,
      totalGzip: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
      totalRaw: chunks.reduce((sum, c) => sum + c.rawBytes, 0),
      adminChunks: chunks.filter((c) => c.admin).map((c) => c.file),
      failed,
    };
  } finally {
    await context.close();
  }
}
