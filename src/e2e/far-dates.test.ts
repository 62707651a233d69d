// A back-office link to a far day (anyone may send one to an admin) in a real browser: the page
// opens on its own default instead of asking the server for the year 9999, and the salon keeps
// answering.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isoDay, launchBrowser, loginAsAdmin, shownDate, unexpected } from './browser';

const baseUrl = inject('baseUrl');
const dmy = (date: Date) => shownDate(isoDay(date));

/** What the page asks the server for, as decoded URLs. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(decodeURIComponent(request.url())));
  return urls;
}

async function stillAnswering(page: Page): Promise<number> {
  return (await page.request.get(`${baseUrl}/healthz`, { timeout: 3_000 })).status();
}

describe('a link to a far day', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens the calendar on today for /admin/calendar?date=9999-12-31', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const asked = requestsOf(page);
    await page.goto(`${baseUrl}/admin/calendar?date=9999-12-31`);
    await expect
      .poll(() => page.getByTestId('calendar-title').textContent(), { timeout: 10_000 })
      .toContain(String(new Date().getFullYear()));
    await expect.poll(() => asked.some((url) => url.includes('admin.calendar.get')), { timeout: 10_000 }).toBe(true);
    expect(asked.filter((url) => url.includes('9999'))).toEqual([
      expect.stringContaining('/admin/calendar?date=9999-12-31'),
    ]);
    expect(await stillAnswering(page)).toBe(200);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('opens the reports on this month for /admin/reports?from=9999-12-01&to=9999-12-31', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const asked = requestsOf(page);
    await page.goto(`${baseUrl}/admin/reports?from=9999-12-01&to=9999-12-31`);
    const now = new Date();
    const thisMonth = `${dmy(new Date(now.getFullYear(), now.getMonth(), 1))} – ${dmy(new Date(now.getFullYear(), now.getMonth() + 1, 0))}`;
    await expect.poll(() => page.getByTestId('report-period').textContent(), { timeout: 10_000 }).toContain(thisMonth);
    expect(asked.filter((url) => url.includes('9999') && !url.includes('/admin/reports?from=9999'))).toEqual([]);
    expect(await stillAnswering(page)).toBe(200);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
