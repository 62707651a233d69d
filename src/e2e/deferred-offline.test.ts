// A form deferred below a public page's first screen (components/deferred-section.tsx) whose code
// cannot be fetched, because the phone went offline before it came: the page keeps everything it
// shows, the section says what happened in its place, and it comes once the code can be fetched
// (by itself when the browser is back online; with its "Try again" button).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appHydrated, collectPageErrors, goOnFromFirstScreen, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');

/** What Chromium logs for the code it could not fetch offline: expected here, and nothing else. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !error.includes('net::ERR_INTERNET_DISCONNECTED') &&
      !error.includes('Failed to fetch dynamically imported module') &&
      !error.includes('Unable to preload CSS'),
  );

/**
 * Whether every style sheet the page links has loaded, so a form back is not without its styles.
 * A sheet that failed still has a CSSStyleSheet, whose rules cannot be read.
 */
const everySheetLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => {
      try {
        return (link.sheet?.cssRules.length ?? 0) > 0;
      } catch {
        return false;
      }
    }),
  );

const failed = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the page did not load' });

/** A phone's page, what it complains about collected, not yet opened. */
async function phonePage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}

/** Opens `path` on `page` and waits until the page is the app's (hydrated). */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await expect.poll(() => appHydrated(page)).toBe(true);
}

/** Opens `path` on a phone, and goes offline once the page is the app's (hydrated) but before its deferred forms came. */
async function offlineBeforeTheForms(browser: Browser, path: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await phonePage(browser);
  await openHydrated(page, path);
  expect(await page.locator('[data-deferred]').count()).toBeGreaterThan(0);
  await page.context().setOffline(true);
  await goOnFromFirstScreen(page);
  return { page, errors };
}

describe('a deferred form whose code cannot be fetched', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('costs the contact page only its form, which comes by itself once the phone is back online', async () => {
    const { page, errors } = await offlineBeforeTheForms(browser, '/contact');
    await failed(page).waitFor();
    await expect.poll(() => page.locator('[data-deferred]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Drawn map: a pin marks the salon' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Book an appointment' }).isVisible()).toBe(true);

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Book appointment' }).waitFor();
    expect(await failed(page).count()).toBe(0);
    expect(await everySheetLoaded(page)).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('keeps the services list, and brings both forms back with "Try again" once their code can be fetched', async () => {
    const { page, errors } = await phonePage(browser);
    // Only the two forms' code fails (a blip on the way): the browser stays online, so only the
    // button brings them.
    // The forms' own chunks (a hash of 8), not booking-form-title-…, which the page itself imports.
    const formCode = /\/assets\/(booking-form|review-form)-[\w-]{8}\.(js|css)$/;
    let refused = 0;
    await page.route(formCode, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await openHydrated(page, '/service');
    await goOnFromFirstScreen(page);
    await expect.poll(() => failed(page).count()).toBe(2);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    const cards = await page.locator('article').count();
    expect(cards).toBeGreaterThan(0);

    // Still failing: trying again says so again, and nothing asks for the code by itself meanwhile.
    const before = refused;
    await failed(page).first().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => refused).toBeGreaterThan(before);
    await expect.poll(() => failed(page).count()).toBe(2);
    const settled = refused;
    await page.waitForTimeout(1500);
    expect(refused).toBe(settled);

    await page.unroute(formCode);
    for (const button of await failed(page).getByRole('button', { name: 'Try again' }).elementHandles())
      await button.click();
    await page.getByRole('button', { name: 'Book appointment' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Leave a review' }).waitFor();
    await expect.poll(() => failed(page).count()).toBe(0);
    expect(await page.locator('article').count()).toBe(cards);
    expect(await everySheetLoaded(page)).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
