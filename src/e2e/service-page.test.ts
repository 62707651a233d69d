import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser } from './browser';

describe('the services page in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the seeded services grouped by category with dollar prices', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service`);
    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    await page.getByText('Classic Manicure').waitFor();

    for (const category of ['Make up', 'Hair styling', 'Nail care', 'Cosmetology', 'SPA procedures']) {
      expect(await page.getByRole('heading', { level: 2, name: category, exact: true }).count(), category).toBe(1);
    }
    for (const name of ['Bridal Make up', 'Hair Colouring', 'Gel Pedicure', 'Chemical Peel', 'Aroma SPA Ritual']) {
      expect(await page.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
    }
    expect(await page.getByText('$25', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('$120', { exact: true }).count()).toBeGreaterThan(0);

    // Every service picture actually loaded.
    const images = page.getByRole('img', { name: 'Classic Manicure' });
    await images.first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
    await page.screenshot({ path: '/tmp/e2e-service.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has the header links of the public layout and reaches pages without a full reload', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/`);
    const nav = page.getByRole('banner');
    for (const [label, path] of [
      ['Home', '/'],
      ['Services', '/service'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
      ['Signup', '/signup'],
      ['Login', '/login'],
    ] as const) {
      expect(await nav.getByRole('link', { name: label, exact: true }).first().getAttribute('href'), label).toBe(path);
    }
    await nav.getByRole('link', { name: 'Services', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/service');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the app for a client route typed straight into the address bar', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/admin/login`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome Admin' }).waitFor();
    // An address the app has no page for is its not-found page, answered 404 (a search
    // engine must not index it as a page of the salon).
    const missing = await page.goto(`${baseUrl}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await page.getByText('Page not found').waitFor();
    await page.close();
  });
});
