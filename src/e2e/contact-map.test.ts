// The contact page's map when OpenStreetMap cannot be reached (blocked, offline, never answering)
// and when it can: the drawn map and the Directions links are always there, and the map's frame
// shows only once it has loaded, never as the browser's error page (docs/decisions/0022-contact-map.md).
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, goOnFromFirstScreen, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const MAP_HOST = 'https://www.openstreetmap.org/**';
const DESTINATION = '19.0596,72.8295';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** A 1x1 PNG, for the page's check that the map's host answers. */
const STAND_IN_ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const isProbe = (url: string) => new URL(url).pathname === '/favicon.ico';
const STAND_IN_MAP = '<!doctype html><title>Map</title><p>Map stand-in</p>';

/** What Chromium logs for a request that the test made fail: expected here, and nothing else. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !error.includes('net::ERR_FAILED') && !error.includes('net::ERR_INTERNET_DISCONNECTED'));

async function openContact(
  browser: Browser,
  options: BrowserContextOptions & { block?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const { block = false, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  if (block) await page.route(MAP_HOST, (route) => route.abort());
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/contact`);
  await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
  return { page, errors };
}

/** True once React has hydrated the element (it then carries React's props), so a click reaches its handler. */
const isHydrated = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')));

/**
 * The map's button once React owns it: the server's page shows it at once, but a click before the
 * page's scripts have run (they are fetched after its first paint) reaches no handler.
 */
async function showMapButton(page: Page): Promise<Locator> {
  const show = page.getByRole('button', { name: 'Show interactive map' });
  await expect.poll(() => isHydrated(show)).toBe(true);
  return show;
}

const picture = (page: Page) => page.getByRole('img', { name: 'Drawn map: a pin marks the salon' });
const directions = (page: Page, app: string) => page.getByRole('link', { name: `Directions in ${app}`, exact: false });
const couldNotLoad = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'The interactive map could not be loaded' });

/** True when some iframe on the page is rendered and visible (a hidden, loading one is not). */
const anyFrameVisible = (page: Page) =>
  page
    .locator('iframe')
    .evaluateAll((frames) => frames.some((frame) => frame.checkVisibility({ visibilityProperty: true })));

describe('the contact map in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the drawn map and Directions links with the map host blocked, and no frame even when the map is asked for', async () => {
    const { page, errors } = await openContact(browser, { block: true });
    await picture(page).waitFor();
    expect(await picture(page).isVisible()).toBe(true);

    const google = directions(page, 'Google Maps');
    expect(await google.getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(DESTINATION)}`,
    );
    expect(await google.getAttribute('target')).toBe('_blank');
    expect(await directions(page, 'Apple Maps').getAttribute('href')).toBe(
      `https://maps.apple.com/?daddr=${encodeURIComponent(DESTINATION)}`,
    );
    expect(await google.isVisible()).toBe(true);
    expect(await directions(page, 'Apple Maps').isVisible()).toBe(true);
    // geo: opens nothing on a desktop or an iPhone, so only Android is offered it.
    expect(await directions(page, 'Other map app').count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);

    await (await showMapButton(page)).click();
    await couldNotLoad(page).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await picture(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try the interactive map again' }).isVisible()).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('asks nothing of the map host when the phone is offline', async () => {
    const { page, errors } = await openContact(browser);
    const asked: string[] = [];
    await page.route(MAP_HOST, (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await picture(page).waitFor();
    // Offline, the page's code can no longer be fetched: the button must be React's, and the form
    // deferred below the map must have arrived, before the cable goes (a deferred section whose code
    // cannot be fetched blanks the page: see the stop note).
    const show = await showMapButton(page);
    await goOnFromFirstScreen(page);
    await page.locator('[data-deferred]').first().waitFor({ state: 'detached' });
    await page.context().setOffline(true);
    await show.click();
    await couldNotLoad(page).waitFor();
    expect(asked).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await picture(page).isVisible()).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('keeps the frame hidden under the drawing until it has loaded, then shows the map', async () => {
    const { page, errors } = await openContact(browser, { viewport: { width: 1280, height: 900 } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(MAP_HOST, async (route) => {
      if (isProbe(route.request().url())) return route.fulfill({ contentType: 'image/png', body: STAND_IN_ICON });
      await held;
      return route.fulfill({ contentType: 'text/html', body: STAND_IN_MAP });
    });
    await (await showMapButton(page)).click();
    await page.locator('iframe').waitFor({ state: 'attached' });
    expect(await anyFrameVisible(page)).toBe(false);
    expect(await picture(page).isVisible()).toBe(true);

    release();
    await page.frameLocator('iframe').getByText('Map stand-in').waitFor();
    await expect.poll(() => anyFrameVisible(page)).toBe(true);
    expect(await page.getByRole('button', { name: /interactive map/ }).count()).toBe(0);

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gives up on a frame that never loads and keeps the drawing', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.route(MAP_HOST, (route) =>
      isProbe(route.request().url()) ? route.fulfill({ contentType: 'image/png', body: STAND_IN_ICON }) : undefined,
    );
    await page.goto(`${baseUrl}/contact`);
    await picture(page).waitFor();
    await (await showMapButton(page)).click();
    await page.locator('iframe').waitFor({ state: 'attached' });
    await page.clock.runFor(16_000);
    await couldNotLoad(page).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await picture(page).isVisible()).toBe(true);
    await context.close();
  });

  it('offers any map app through a geo: link on Android', async () => {
    const { page, errors } = await openContact(browser, { userAgent: ANDROID_UA, block: true });
    const geo = directions(page, 'Other map app');
    await geo.waitFor();
    expect(await geo.getAttribute('href')).toBe(`geo:${DESTINATION}?q=${DESTINATION}(Rose%20Beauty%20Salon)`);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
