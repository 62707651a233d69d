// The customer book in a real browser. A customer the salon booked by
// phone is found by their phone, their record keeps private notes that the calendar shows with
// their booking, a booking cancelled in the calendar leaves Upcoming on the record, the dashboard's recent
// bookings open in the calendar, and the pages fit a phone with no serious accessibility fault.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayFromToday, launchBrowser, loginAsAdmin, toast, unexpected } from './browser';
import { seriousViolations } from './axe';

const baseUrl = inject('baseUrl');
const SERVICE = 'Classic Manicure';

interface Specialist {
  _id: string;
  name: string;
  expertise: { name: string }[];
}

interface Walked {
  name: string;
  phone: string;
  bookingDate: string;
}

/** Books a new customer the way the salon does for one who phoned, 30 to 45 days ahead. */
async function bookByPhone(page: Page): Promise<Walked> {
  const tag = String(Date.now()).slice(-6);
  const phone = `91${tag}55`;
  const lastName = `Notebook${tag}`;
  const specialists = (
    (await (await page.request.get(`${baseUrl}/api/v1/specialists`)).json()) as { data: Specialist[] }
  ).data;
  const specialist = specialists.find((s) => s.expertise.some((e) => e.name === SERVICE));
  if (!specialist) throw new Error(`nobody offers ${SERVICE}`);
  for (let days = 30; days <= 45; days += 1) {
    const bookingDate = dayFromToday(days);
    const slots = (await (
      await page.request.get(
        `${baseUrl}/api/v1/users/appointment/available-slots?specialistId=${specialist._id}&bookingDate=${bookingDate}&serviceName=${encodeURIComponent(SERVICE)}`,
      )
    ).json()) as { data: string[] };
    const timeSlot = slots.data[0];
    if (!timeSlot) continue;
    const created = await page.request.post(`${baseUrl}/api/v1/admin/bookings`, {
      data: {
        firstName: 'Nadia',
        lastName,
        phone,
        bookingDate,
        timeSlot,
        service: SERVICE,
        specialist: specialist.name,
      },
      headers: { origin: baseUrl },
    });
    expect(created.status(), await created.text()).toBe(201);
    return { name: `Nadia ${lastName}`, phone, bookingDate };
  }
  throw new Error('no free time to book');
}

describe('the customer book in the back office', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let walked: Walked;
  let recordUrl = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await loginAsAdmin(browser, baseUrl));
    walked = await bookByPhone(page);
  });

  afterAll(async () => {
    await browser.close();
  });

  it('finds a customer booked by phone by their phone number and opens their record', async () => {
    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/customers`);
    await expect.poll(() => page.getByRole('table', { name: 'Customers' }).getByRole('row').count()).toBeGreaterThan(5);
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or phone' }).fill(walked.phone.slice(2));
    const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(walked.name)]);
    expect(await rows.first().textContent()).toContain('Booked by the salon');

    await rows.first().getByRole('link', { name: walked.name }).click();
    await page.waitForURL(/\/admin\/customers\/[0-9a-f]{24}$/);
    recordUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(walked.name);
    const figure = (label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('figure');
    await expect.poll(() => figure('Bookings').textContent()).toBe('1');
    expect(await figure('No-shows').textContent()).toBe('0');
    expect(await page.getByRole('table', { name: 'Upcoming bookings' }).textContent()).toContain(SERVICE);
  });

  it('keeps private notes that the calendar shows with the customer’s booking, and moves a booking cancelled there out of Upcoming', async () => {
    await page.goto(recordUrl);
    const notes = page.getByRole('textbox', { name: 'Private notes' });
    await notes.fill('Allergic to latex. Prefers the window seat.');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect.poll(() => toast(page, 'Notes saved').count()).toBe(1);

    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Private notes' }).inputValue())
      .toBe('Allergic to latex. Prefers the window seat.');

    await page
      .getByRole('table', { name: 'Upcoming bookings' })
      .getByRole('link', { name: /^Open in calendar/ })
      .click();
    await page.waitForURL(new RegExp(`/admin/calendar\\?date=${walked.bookingDate}&booking=`));
    const dialog = page.getByRole('dialog', { name: 'Booking' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(walked.name);
    expect(await dialog.getByLabel('Customer notes').textContent()).toContain(
      'Allergic to latex. Prefers the window seat.',
    );

    // Not begun yet: nobody can have failed to come, so No-show waits; the salon cancels instead.
    await dialog.getByRole('combobox', { name: `Status of ${walked.name}` }).click();
    const noShow = page.getByRole('option', { name: 'No-show (once begun)' });
    await noShow.waitFor();
    expect(await noShow.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await expect.poll(() => toast(page, 'Booking cancelled').count()).toBe(1);
    await page.goto(recordUrl);
    // A cancelled booking is never under Upcoming, however far ahead it was.
    await page
      .getByRole('table', { name: 'Past and cancelled bookings' })
      .locator('[data-status="cancelled"]')
      .waitFor();
    expect(await page.getByText('No upcoming bookings').count()).toBe(1);
    expect(await page.getByRole('group', { name: 'No-shows', exact: true }).getByTestId('figure').textContent()).toBe(
      '0',
    );
  });

  it('opens each of the dashboard’s recent bookings in the calendar with its details', async () => {
    await page.goto(`${baseUrl}/admin`);
    const recent = page.getByRole('table', { name: 'Recent Appointments' });
    const first = recent.locator('tbody tr').first();
    await expect.poll(() => first.getByRole('link', { name: /^Open in calendar/ }).count()).toBe(1);
    const name = (await first.locator('td').first().textContent())?.trim() ?? '';
    await first.getByRole('link', { name: /^Open in calendar/ }).click();
    await page.waitForURL(/\/admin\/calendar\?date=\d{4}-\d{2}-\d{2}&booking=[0-9a-f]{24}$/);
    const dialog = page.getByRole('dialog', { name: 'Booking' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(name);
    // Closing the details leaves the day, not the link: a reload does not open them again.
    await dialog.getByRole('button', { name: /close/i }).first().click();
    await expect.poll(() => page.url()).not.toContain('booking=');
  });

  it('fits a phone and has no serious accessibility fault on the list and a record', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const url of [`${baseUrl}/admin/customers`, recordUrl]) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const url of [`${baseUrl}/admin/customers`, recordUrl]) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), url).toEqual([]);
    }
    expect(unexpected(errors)).toEqual([]);
  });
});
