import { request, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dateFromToday, isoDay, launchBrowser, loginAsAdmin, shownDate, unexpected } from './browser';

const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123' };
/** The demo customer's account name: the back office names a booking's customer by it (and the name booked under beside it). */
const ACCOUNT_NAME = 'Clara Demo';
const SERVICE = 'Hot Stone Massage';
const SPECIALIST = 'Leila Haddad';

const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

/** `18:30` -> `6:30 PM`. */
function clock12(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

interface Created {
  bookingDate: string;
  timeSlot: string;
}

/**
 * Books the demo customer with Leila, 45 to 55 days ahead (not on her Monday off) at the day's
 * last free time, out of the way of the other tests' bookings.
 */
async function bookAsCustomer(firstName: string, lastName: string): Promise<Created> {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    const login = await api.post('/trpc/public.auth.login', { data: CUSTOMER });
    expect(login.ok()).toBe(true);
    const specialists = (await (await api.get('/trpc/public.specialists.list')).json()) as {
      result: { data: { _id: string; name: string }[] };
    };
    const leila = specialists.result.data.find((specialist) => specialist.name === SPECIALIST);
    expect(leila).toBeDefined();
    for (let days = 45; days <= 55; days += 1) {
      const date = dateFromToday(days);
      if (date.getDay() === 1) continue;
      const bookingDate = isoDay(date);
      const input = encodeURIComponent(JSON.stringify({ specialistId: leila?._id, bookingDate, serviceName: SERVICE }));
      const slots = (await (await api.get(`/trpc/public.bookings.availableSlots?input=${input}`)).json()) as {
        result: { data: string[] };
      };
      const timeSlot = slots.result.data.at(-1);
      if (!timeSlot) continue;
      const created = await api.post('/trpc/customer.bookings.create', {
        data: {
          firstName,
          lastName,
          email: CUSTOMER.email,
          bookingDate,
          timeSlot,
          service: SERVICE,
          specialist: SPECIALIST,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      return { bookingDate, timeSlot };
    }
    throw new Error('no free slot with Leila 45 to 55 days ahead');
  } finally {
    await api.dispose();
  }
}

describe('the back-office appointments in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists a new booking on the dashboard, and lets the admin find, confirm and delete it', async () => {
    const marker = `E2E${Date.now()}`;
    const name = `${marker} Tester`;
    const { bookingDate, timeSlot } = await bookAsCustomer(marker, 'Tester');
    const { page, errors } = await loginAsAdmin(browser, baseUrl);

    // The dashboard: the counts and the new booking among the recent ones, read-only.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    for (const label of ['Total Appointments', 'Total Services', 'Total Users', 'Total Reviews']) {
      await page.getByRole('group', { name: label }).getByTestId('count').waitFor();
    }
    const recent = page.getByRole('table', { name: 'Recent Appointments' });
    const recentRow = row(recent, name);
    await recentRow.waitFor();
    const recentText = (await recentRow.textContent()) ?? '';
    for (const text of [shownDate(bookingDate), SERVICE, SPECIALIST, clock12(timeSlot), 'Pending']) {
      expect(recentText).toContain(text);
    }
    expect(await recentRow.getByRole('button').count()).toBe(0);
    expect(await row(recent, '').count()).toBeLessThanOrEqual(6);

    // The appointments screen: the search leaves only the new booking.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Appointments', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    const table = page.getByRole('table', { name: 'Appointments' });
    await page.getByRole('searchbox', { name: 'Search appointments' }).fill(marker);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const found = row(table, name);
    await found.waitFor();
    // Booked under another name than the account's: both show.
    expect(await found.textContent()).toContain(`${ACCOUNT_NAME}booked as ${name}`);
    expect(await found.textContent()).toContain(clock12(timeSlot));
    const confirmedBefore = Number(
      await page.getByRole('group', { name: 'Confirmed' }).getByTestId('count').textContent(),
    );

    // Confirmed, once the server has taken it: the dropdown turns green.
    const status = found.getByRole('combobox', { name: `Status of ${ACCOUNT_NAME}` });
    expect(await status.inputValue()).toBe('Pending');
    await status.click();
    await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('confirmed');
    expect(await status.inputValue()).toBe('Confirmed');
    expect(await status.evaluate((input) => getComputedStyle(input).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expect
      .poll(async () => Number(await page.getByRole('group', { name: 'Confirmed' }).getByTestId('count').textContent()))
      .toBe(confirmedBefore + 1);

    // The status filter keeps it under Confirmed and hides it under Pending.
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Pending', exact: true }).click();
    await page.getByText('No appointments found').waitFor();
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'All Status', exact: true }).click();
    await found.waitFor();

    // Cancel keeps it; confirming deletes it.
    // Delete sits apart in the row's "⋯" menu.
    await found.getByRole('button', { name: `More actions for the appointment of ${ACCOUNT_NAME}` }).click();
    await page.getByRole('menuitem', { name: `Delete the appointment of ${ACCOUNT_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete appointment' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await found.count()).toBe(1);
    // Delete sits apart in the row's "⋯" menu.
    await found.getByRole('button', { name: `More actions for the appointment of ${ACCOUNT_NAME}` }).click();
    await page.getByRole('menuitem', { name: `Delete the appointment of ${ACCOUNT_NAME}` }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No appointments found').waitFor();
    expect(await found.count()).toBe(0);

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
