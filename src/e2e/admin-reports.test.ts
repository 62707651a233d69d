// Reports in a real browser: the back office's Reports page shows the figures the API answers for
// a period, keeps the period in its address, downloads the CSV exports, fits a phone, and the
// dashboard charts the bookings around today.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPORT_PERIOD_TOO_LONG, type SalonReport } from '@/shared/schemas/reports';
import { formatPrice } from '@/client/lib/format';
import { collectPageErrors, isoDay, launchBrowser, loginAsAdmin, shownDate, unexpected } from './browser';

const baseUrl = inject('baseUrl');
const BOOKINGS_CSV_HEADER = '\uFEFFDate,Time,Customer,Email,Phone,Service,Specialist,Status,Price,Visit,Source';

interface Period {
  from: string;
  to: string;
}

/** The month `offset` months from the one holding today, in this machine's zone (the browser's too). */
function monthFromNow(offset: number): Period {
  const now = new Date();
  return {
    from: isoDay(new Date(now.getFullYear(), now.getMonth() + offset, 1)),
    to: isoDay(new Date(now.getFullYear(), now.getMonth() + offset + 1, 0)),
  };
}
const periodText = (period: Period) => `${shownDate(period.from)} – ${shownDate(period.to)}`;

async function apiReport(page: Page, period: Period): Promise<SalonReport> {
  // The page's own request context carries the admin's session cookie.
  const response = await page.request.get(`${baseUrl}/api/v1/admin/reports?from=${period.from}&to=${period.to}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SalonReport }).data;
}

/** The value shown on a figure card, e.g. `$73` on "Takings". */
const figure = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).getByTestId('figure');

async function expectFigures(page: Page, report: SalonReport): Promise<void> {
  const expected = {
    Takings: formatPrice(report.takings),
    'Booked ahead': formatPrice(report.bookedAhead),
    Bookings: String(report.bookings),
    'Cancellation rate': `${String(Math.round(report.cancellationRate * 100))}%`,
    'New customers': String(report.customers.new),
    'Returning customers': String(report.customers.returning),
  };
  await expect
    .poll(async () => {
      const shown: Record<string, string> = {};
      for (const label of Object.keys(expected))
        shown[label] = (
          (await figure(page, label)
            .textContent({ timeout: 1_000 })
            .catch(() => null)) ?? ''
        ).trim();
      return shown;
    })
    .toEqual(expected);
}

const periodControl = (page: Page) => page.getByRole('radiogroup', { name: 'Period' });
const choosePeriod = (page: Page, label: string) => periodControl(page).locator('label', { hasText: label }).click();

describe('the Reports page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the figures the API answers, for this month, last month and a custom range kept in the address', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/reports');
    expect(await page.title()).toMatch(/Reports/);

    // Opened without a period, the page shows this month, with the demo salon's bookings.
    const thisMonth = monthFromNow(0);
    const monthReport = await apiReport(page, thisMonth);
    expect(monthReport.bookings).toBeGreaterThan(0);
    expect(await periodControl(page).getByRole('radio', { name: 'This month' }).isChecked()).toBe(true);
    await page.getByTestId('report-period').getByText(periodText(thisMonth)).waitFor();
    await expectFigures(page, monthReport);
    for (const name of ['Bookings per day', 'Takings per day', 'Takings by specialist', 'Utilisation by specialist']) {
      await page.getByRole('region', { name }).locator('svg.recharts-surface').first().waitFor();
    }
    const specialists = page.getByRole('table', { name: 'Specialists' });
    for (const row of monthReport.bySpecialist) {
      await specialists
        .getByRole('row')
        .filter({ hasText: row.specialist.name })
        .filter({ hasText: formatPrice(row.takings) })
        .waitFor();
    }

    // Last month: the address says so, and a reload keeps it.
    const lastMonth = monthFromNow(-1);
    await choosePeriod(page, 'Last month');
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${lastMonth.from}&to=${lastMonth.to}`);
    await page.getByTestId('report-period').getByText(periodText(lastMonth)).waitFor();
    await expectFigures(page, await apiReport(page, lastMonth));
    await page.reload();
    await page.getByTestId('report-period').getByText(periodText(lastMonth)).waitFor();
    expect(await periodControl(page).getByRole('radio', { name: 'Last month' }).isChecked()).toBe(true);

    // A custom range picked in the calendar, which opens on the period shown: the 5th to the 20th.
    await choosePeriod(page, 'Custom');
    await page.getByRole('button', { name: /Custom period/ }).click();
    const monthName = new Date(`${lastMonth.from}T12:00:00Z`).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    const year = lastMonth.from.slice(0, 4);
    await page.getByRole('button', { name: `5 ${monthName} ${year}`, exact: true }).click();
    await page.getByRole('button', { name: `20 ${monthName} ${year}`, exact: true }).click();
    const custom = { from: `${lastMonth.from.slice(0, 8)}05`, to: `${lastMonth.from.slice(0, 8)}20` };
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${custom.from}&to=${custom.to}`);
    await page.getByTestId('report-period').getByText(periodText(custom)).waitFor();
    await expectFigures(page, await apiReport(page, custom));
    await page.reload();
    expect(await periodControl(page).getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    await page.getByTestId('report-period').getByText(periodText(custom)).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('downloads the period’s bookings as a CSV file', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const thisMonth = monthFromNow(0);
    await page.goto(`${baseUrl}/admin/reports?from=${thisMonth.from}&to=${thisMonth.to}`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Bookings CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bookings-${thisMonth.from}-to-${thisMonth.to}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(BOOKINGS_CSV_HEADER);
    const report = await apiReport(page, thisMonth);
    // One row per booking of the period, cancelled ones included, and a last line end.
    const all = Object.values(report.byStatus).reduce((sum, count) => sum + count, 0);
    expect(lines.filter((line) => line !== '').length).toBe(all + 1);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('explains a period longer than the server allows', async () => {
    const { page } = await loginAsAdmin(browser, baseUrl);
    await page.goto(`${baseUrl}/admin/reports?from=2025-01-01&to=2026-12-31`);
    await page.getByText(REPORT_PERIOD_TOO_LONG).first().waitFor();
    await page.close();
  });

  it('reads well on a phone: the charts fit the screen and the page does not scroll sideways', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    const thisMonth = monthFromNow(0);
    await page.goto(`${baseUrl}/admin/reports?from=${thisMonth.from}&to=${thisMonth.to}`);
    await expectFigures(page, await apiReport(page, thisMonth));
    const charts = page.locator('svg.recharts-surface');
    await charts.first().waitFor();
    // Charts draw after measuring their box: give them that moment before reading the widths.
    await expect.poll(() => charts.count()).toBeGreaterThanOrEqual(4);
    for (const box of await charts.evaluateAll((svgs) =>
      svgs.map((svg) => svg.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
    }
    // Every period fits: none of the four choices is cut off.
    for (const label of await periodControl(page).locator('label').all()) {
      const box = await label.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('the dashboard in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('charts the bookings of the last 30 days and the next 7, today marked, with a way into the reports', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const chart = page.getByRole('region', { name: 'Bookings per day' });
    await chart.locator('svg.recharts-surface').waitFor();
    // The demo salon has bookings around today: bars, and the red line of today.
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    await chart.getByText('Today', { exact: true }).waitFor();
    await chart.getByRole('link', { name: 'Open reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(unexpected(errors)).toEqual([]);

    const phone = await browser.newPage({
      viewport: { width: 375, height: 800 },
      storageState: await page.context().storageState(),
    });
    const phoneErrors = collectPageErrors(phone);
    await phone.goto(`${baseUrl}/admin`);
    await phone.getByRole('region', { name: 'Bookings per day' }).locator('svg.recharts-surface').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(unexpected(phoneErrors)).toEqual([]);
    await phone.close();
    await page.close();
  });
});
