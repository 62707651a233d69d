// `npm run screenshots [-- --out DIR] [-- --all]`: starts the salon on a fresh demo data folder,
// logs in as the demo owner and photographs the back office in headless Chromium. Without
// `--all` it writes the README's three pictures (calendar and dashboard at 1280 px, the calendar
// at 375 px) to docs/screenshots/; with `--all` every back-office screen at 1280 and 375 px.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { ensureClientBuilt } from './client-build';
import { freePort } from '@/server/free-port';
import { PROJECT_DIR } from './lib/testing';

interface Shot {
  name: string;
  path: string;
  width: 1280 | 375;
}

const README_SHOTS: Shot[] = [
  { name: 'calendar', path: '/admin/calendar', width: 1280 },
  { name: 'dashboard', path: '/admin', width: 1280 },
  { name: 'calendar-phone', path: '/admin/calendar', width: 375 },
];

const SCREENS = [
  ['dashboard', '/admin'],
  ['calendar', '/admin/calendar'],
  ['appointments', '/admin/appointments'],
  ['customers', '/admin/customers'],
  ['reports', '/admin/reports'],
  ['services', '/admin/services'],
  ['specialists', '/admin/specialists'],
  ['reviews', '/admin/reviews'],
  ['discounts', '/admin/discounts'],
  ['settings', '/admin/settings'],
] as const;

const ALL_SHOTS: Shot[] = SCREENS.flatMap(([name, path]) =>
  ([1280, 375] as const).map((width) => ({ name: `${name}-${String(width)}`, path, width })),
);

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy within a minute');
}

async function login(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@salon.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('admin12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

const { values } = parseArgs({
  options: { out: { type: 'string' }, all: { type: 'boolean', default: false } },
});
const outDir = values.out ?? join(PROJECT_DIR, values.all ? 'screenshots' : 'docs/screenshots');
const shots = values.all ? ALL_SHOTS : README_SHOTS;

ensureClientBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'salon-shots-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${String(port)}`;
const server = spawn(process.execPath, [join(PROJECT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'src/server/index.ts'], {
  cwd: PROJECT_DIR,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  await waitForHealth(baseUrl);
  mkdirSync(outDir, { recursive: true });
  for (const width of [1280, 375] as const) {
    const context = await browser.newContext({
      viewport: { width, height: width === 1280 ? 860 : 780 },
      deviceScaleFactor: width === 1280 ? 1 : 2,
      hasTouch: width === 375,
      isMobile: width === 375,
    });
    const page = await context.newPage();
    await login(page, baseUrl);
    for (const shot of shots.filter((one) => one.width === width)) {
      await page.goto(`${baseUrl}${shot.path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const file = join(outDir, `${shot.name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
