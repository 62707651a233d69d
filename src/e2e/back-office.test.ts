// The back office as the salon uses it day to day (README "Dashboard", "Statuses"): the dashboard
// says what today holds and confirms a booking in one tap on a phone; the status dropdown offers
// No-show only once a booking has begun; a booking shows the customer's name now and the name it
// was booked under.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  bookThroughApi,
  launchBrowser,
  loginAsAdminOn,
  loginAsCustomer,
  toast,
  unexpected,
  workdayAhead,
} from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the back office day to day', () => {
  let browser: Browser;
  const day = workdayAhead(57);

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    // Clara books under her partner's name: pending, waiting for the salon.
    const customer = await browser.newPage();
    await loginAsCustomer(customer, baseUrl);
    // Other browser tests book on days near this one: Maya's first time still free that day.
    const timeSlot = await customer.evaluate(async (bookingDate) => {
      const specialists = (await (await fetch('/api/v1/specialists')).json()) as {
        data: { _id: string; name: string }[];
      };
      const maya = specialists.data.find((one) => one.name === 'Maya Chen')?._id ?? '';
      const query = new URLSearchParams({ specialistId: maya, bookingDate, serviceName: 'Classic Manicure' });
      const free = (await (await fetch(`/api/v1/users/appointment/available-slots?${query.toString()}`)).json()) as {
        data: string[];
      };
      return free.data[0] ?? '';
    }, day);
    expect(timeSlot).not.toBe('');
    const status = await bookThroughApi(customer, {
      firstName: 'Olga',
      lastName: 'Older',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
      bookingDate: day,
      timeSlot,
    });
    expect(status).toBe(200);
    await customer.close();
  });
  afterAll(() => browser.close());

  it('shows today on the dashboard and confirms a pending booking in one tap on a phone', async () => {
    const { page, errors } = await loginAsAdminOn(browser, baseUrl, 375);
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByRole('group', { name: 'Takings so far' }).waitFor();
    for (const figure of ['Bookings', 'Visits', 'Completed', 'Still to come'])
      await expect.poll(() => today.getByRole('group', { name: figure }).isVisible()).toBe(true);
    const confirmButtons = today.getByRole('button', { name: /^Confirm / });
    await expect.poll(() => confirmButtons.count()).toBeGreaterThan(0);
    const waiting = await confirmButtons.count();
    const first = confirmButtons.first();
    const label = (await first.getAttribute('aria-label')) ?? '';
    await first.tap();
    await toast(page, 'Confirmed:').waitFor();
    // That booking left the list (another may take its place, but never the same one).
    await expect.poll(() => today.getByRole('button', { name: label, exact: true }).count()).toBe(0);
    expect(await confirmButtons.count()).toBeLessThanOrEqual(waiting);
    expect(await pageScrollsSideways(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/dashboard-today-375.png`, fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('offers No-show only once a booking has begun, confirms in one tap, and names the customer as they are now', async () => {
    const { page, errors } = await loginAsAdminOn(browser, baseUrl, 1280);
    await page.goto(`${baseUrl}/admin/appointments`);
    await page.getByPlaceholder('Search appointments...').fill('Olga Older');
    const row = page.getByRole('row').filter({ hasText: 'booked as Olga Older' });
    await row.waitFor();
    // Clara's name now, and the name the booking was made under.
    expect(await row.innerText()).toContain('Clara Demo');
    await row.getByRole('combobox', { name: 'Status of Clara Demo' }).click();
    const noShow = page.getByRole('option', { name: 'No-show (once begun)' });
    await noShow.waitFor();
    expect(await noShow.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Confirm the booking of Clara Demo' }).click();
    await expect.poll(() => row.getByRole('combobox', { name: 'Status of Clara Demo' }).inputValue()).toBe('Confirmed');
    await expect.poll(() => row.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
    expect(await pageScrollsSideways(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/appointments-statuses-1280.png`, fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
