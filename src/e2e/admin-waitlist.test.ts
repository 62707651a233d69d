// The waitlist in a real browser. A customer who joined the waitlist for a few mornings shows, on a
// day among them, with what they wait for, their days and the part of the day, and their name
// opens their record; a day outside them says nobody waits; the page fits a phone and has no
// serious accessibility fault at either width.
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayFromToday, fillDate, launchBrowser, loginAsAdmin, shownDayWithWeekday, unexpected } from './browser';
import { seriousViolations } from './axe';

const baseUrl = inject('baseUrl');
const SERVICE = 'Classic Manicure';
// Days no other browser test books on as the demo customer (a booking in them would end the wait).
const FROM = dayFromToday(50);
const TO = dayFromToday(52);
const INSIDE = dayFromToday(51);
const OUTSIDE = dayFromToday(53);

/** The demo customer's API session, in a browser context of its own. */
async function customerApi(browser: Browser): Promise<{ context: BrowserContext; request: APIRequestContext }> {
  const context = await browser.newContext();
  const login = await context.request.post(`${baseUrl}/api/v1/users/login`, {
    data: { email: 'customer@salon.test', password: 'customer123' },
    headers: { origin: baseUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { context, request: context.request };
}

describe('the waitlist in the back office', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let customer: { context: BrowserContext; request: APIRequestContext };
  let entryId = '';
  let customerName = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerApi(browser);
    const me = await customer.request.get(`${baseUrl}/api/v1/users/me`);
    customerName = ((await me.json()) as { data: { fullName: string } }).data.fullName;
    const joined = await customer.request.post(`${baseUrl}/api/v1/users/waitlist`, {
      data: { items: [{ service: SERVICE, specialist: 'any' }], fromDate: FROM, toDate: TO, partOfDay: 'morning' },
      headers: { origin: baseUrl },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    entryId = ((await joined.json()) as { data: { _id: string } }).data._id;
    ({ page, errors } = await loginAsAdmin(browser, baseUrl));
  });

  afterAll(async () => {
    // Other browser tests see the demo customer as they left them.
    if (entryId) {
      const left = await customer.request.delete(`${baseUrl}/api/v1/users/waitlist/${entryId}`, {
        headers: { origin: baseUrl },
      });
      expect(left.status(), await left.text()).toBe(200);
    }
    await customer.context.close();
    await browser.close();
  });

  it('shows who waits on a day among theirs, and nobody on a day outside them', async () => {
    await page.getByRole('link', { name: 'Waitlist', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/waitlist`);
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();

    const dayField = page.getByRole('textbox', { name: 'Day' });
    await fillDate(dayField, INSIDE);
    await page.waitForURL(`${baseUrl}/admin/waitlist?date=${INSIDE}`);
    await page.getByRole('heading', { level: 2, name: shownDayWithWeekday(INSIDE) }).waitFor();
    const rows = page.getByRole('table', { name: 'Waitlist' }).locator('tbody tr');
    const row = rows.filter({ hasText: customerName });
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${SERVICE} with anyone`);
    expect(text).toContain('Morning (before 12:00 PM)');
    expect(text).toContain('customer@salon.test');

    await fillDate(dayField, OUTSIDE);
    await page.getByRole('heading', { level: 2, name: shownDayWithWeekday(OUTSIDE) }).waitFor();
    await expect.poll(() => rows.allTextContents()).toEqual(['Nobody is waiting for this day.']);

    // Back a day is inside again, and the name opens the customer's record.
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: customerName }).click();
    await page.waitForURL(/\/admin\/customers\/[0-9a-f]{24}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(customerName);
  });

  it('fits a phone and has no serious accessibility fault at either width', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await page.goto(`${baseUrl}/admin/waitlist?date=${INSIDE}`);
      await page.getByRole('link', { name: customerName }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${String(width)} px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${String(width)} px`).toEqual([]);
    }
    expect(unexpected(errors)).toEqual([]);
  });
});
