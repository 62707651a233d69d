import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser, toast } from './browser';

const baseUrl = inject('baseUrl');

/** Opens a path in a fresh browser session and lists every script and style sheet it fetched. */
async function firstVisit(browser: Browser, path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const assets: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) {
      assets.push({ path: pathname, encoding: response.headers()['content-encoding'] });
    }
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  return { page, assets };
}

const closePage = (page: Page) => page.context().close();

describe('the split client bundle in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the home page without fetching admin screens, forms or other pages, compressed', async () => {
    const { page, assets } = await firstVisit(browser, '/');
    await page.getByRole('heading', { level: 2, name: 'What our clients say' }).waitFor();
    const scripts = assets.filter((asset) => asset.path.endsWith('.js')).map((asset) => asset.path);
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of [
      'admin',
      'login',
      'signup',
      'booking',
      'review-form',
      'service-page',
      'about-page',
      'schemas',
      'date-field',
    ]) {
      expect(
        scripts.filter((script) => script.includes(name)),
        name,
      ).toEqual([]);
    }
    // The build's precompressed copies are what travels (the browser accepts Brotli).
    const entry = assets.filter((asset) => asset.path.startsWith('/assets/index-'));
    expect(entry.map((asset) => asset.path.slice(-3))).toEqual(expect.arrayContaining(['.js', 'css']));
    for (const asset of entry) expect(asset.encoding, asset.path).toBe('br');
    await closePage(page);
  });

  it('opens a lazily loaded page straight from the address bar, then moves on through links and Back', async () => {
    const { page } = await firstVisit(browser, '/about');
    const errors = collectPageErrors(page);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('starts a new page at its top, and Back returns to where the reader was', async () => {
    const { page } = await firstVisit(browser, '/about');
    const errors = collectPageErrors(page);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    // The header stays at the top of the window as the page scrolls.
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("shows an error with the header and footer when a page's code cannot be fetched, and other pages still open", async () => {
    const { page } = await firstVisit(browser, '/');
    await page.route('**/assets/contact-page-*.js', (route) => route.abort());
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload the page' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'About Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await closePage(page);
  });

  it('opens the phone navigation drawer on the first press of the burger, and its links work', async () => {
    const { page } = await firstVisit(browser, '/', 375);
    const errors = collectPageErrors(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Services', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    await expect.poll(() => drawer.count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => drawer.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('shows a toast on a page nobody has touched yet, though the toast container loads late', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route(/\/trpc\/.*public\.discounts\.list/, (route) => route.abort());
    // The server-rendered page brings its discounts along; without that data (as a page the
    // server could not render) the browser renders it afresh and asks for them itself.
    await page.route(`${baseUrl}/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="ssr-data">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body });
    });
    await page.goto(`${baseUrl}/`);
    await toast(page, 'Failed to load discounts').waitFor();
    await closePage(page);
  });
});
