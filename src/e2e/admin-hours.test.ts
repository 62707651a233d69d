import { request, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  dateTimeShown,
  dayAheadOn,
  dayFromToday,
  fillDate,
  fillDateTime,
  fillTime,
  launchBrowser,
  loginAsAdmin,
  shownDate,
  shownDateTime,
  shownDayWithWeekday as shownDay,
  shownTime as clock12,
  timeShown,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123' };

/** A day's `n`th From and To time fields in a specialist's week. */
const from = (day: Locator, n = 0) => day.getByRole('group', { name: 'From', exact: true }).nth(n);
const to = (day: Locator, n = 0) => day.getByRole('group', { name: 'To', exact: true }).nth(n);
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

async function specialistId(name: string): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/trpc/public.specialists.list`)).json()) as {
    result: { data: { _id: string; name: string }[] };
  };
  const found = answer.result.data.find((specialist) => specialist.name === name);
  if (!found) throw new Error(`no specialist named ${name}`);
  return found._id;
}

/** The free start times the public booking form offers, through the REST API. */
async function freeSlots(specialist: string, bookingDate: string, serviceName: string): Promise<string[]> {
  const query = new URLSearchParams({ specialistId: specialist, bookingDate, serviceName });
  const response = await fetch(`${baseUrl}/api/v1/users/appointment/available-slots?${query.toString()}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: string[] }).data;
}

/** Books the demo customer with the specialist on the first day `from` days ahead with a free time (its last). */
async function bookAsCustomer(
  firstName: string,
  specialist: string,
  service: string,
  from: number,
): Promise<{ bookingDate: string; timeSlot: string }> {
  const id = await specialistId(specialist);
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    expect((await api.post('/trpc/public.auth.login', { data: CUSTOMER })).ok()).toBe(true);
    for (let days = from; days < from + 10; days += 1) {
      const bookingDate = dayFromToday(days);
      const timeSlot = (await freeSlots(id, bookingDate, service)).at(-1);
      if (!timeSlot) continue;
      const created = await api.post('/trpc/customer.bookings.create', {
        data: { firstName, lastName: 'Tester', email: CUSTOMER.email, bookingDate, timeSlot, service, specialist },
      });
      expect(created.ok(), await created.text()).toBe(true);
      return { bookingDate, timeSlot };
    }
    throw new Error(`no free time with ${specialist} ${String(from)} to ${String(from + 9)} days ahead`);
  } finally {
    await api.dispose();
  }
}

async function openScreen(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: screen, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: screen }).waitFor();
}

async function openHours(page: Page, specialist: string): Promise<Locator> {
  await openScreen(page, 'Specialists');
  await page.getByRole('button', { name: `Edit hours & time off of ${specialist}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hours & time off: ${specialist}` });
  await dialog.waitFor();
  return dialog;
}

describe('the back-office hours, time off and closed days in Chromium', () => {
  let browser: Browser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets the admin give a specialist a lunch break on Wednesdays, which the public free slots then leave out', async () => {
    const anna = await specialistId('Anna Petrova');
    const wednesday = dayAheadOn(7, [3]);
    const service = 'Evening Make up'; // 60 minutes
    expect(await freeSlots(anna, wednesday, service)).toContain('12:00');

    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const dialog = await openHours(page, 'Anna Petrova');
    const day = dialog.getByRole('group', { name: 'Wednesday' });
    await day.getByText('Standard hours (9:00 AM – 6:00 PM)').waitFor();
    await dialog.getByRole('group', { name: 'Sunday' }).getByText('Day off (standard)').waitFor();

    // Custom hours start from the standard ones; a second range leaves the break.
    const custom = day.getByRole('switch', { name: 'Custom hours' });
    await custom.click();
    expect(await custom.isChecked()).toBe(true);
    // Times in 12 hours with AM/PM, as everywhere in the app.
    expect(await timeShown(from(day))).toBe('09:00 AM');
    await fillTime(to(day), '12:00');
    await day.getByRole('button', { name: 'Add range' }).click();
    // Overlapping ranges are refused with the schema's message, under the day, before anything is sent.
    await fillTime(from(day, 1), '11:00');
    await fillTime(to(day, 1), '18:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await day.getByText('The ranges of a day must not overlap').waitFor();
    await fillTime(from(day, 1), '13:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await toast(page, 'Working hours saved').waitFor();

    await expect.poll(() => freeSlots(anna, wednesday, service)).not.toContain('12:00');
    const after = await freeSlots(anna, wednesday, service);
    expect(after).toContain('09:00');
    expect(after).toContain('13:00');
    // Nothing starts in the break or runs into it.
    expect(after.filter((slot) => minutesOf(slot) + 60 > 12 * 60 && minutesOf(slot) < 13 * 60)).toEqual([]);

    // Opened again, the week shows the saved ranges.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit hours & time off of Anna Petrova' }).click();
    expect(await timeShown(to(day))).toBe('12:00 PM');
    expect(await timeShown(from(day, 1))).toBe('01:00 PM');

    // Back to the standard hours: the break is offered again.
    await custom.click();
    await day.getByText('Standard hours (9:00 AM – 6:00 PM)').waitFor();
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await toast(page, 'Working hours saved').last().waitFor();
    await expect.poll(() => freeSlots(anna, wednesday, service)).toContain('12:00');

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('warns which booking new time off overlaps, and the dashboard lists it under Needs attention', async () => {
    const marker = `E2E${run}`;
    const name = `${marker} Tester`;
    const service = 'Evening Make up';
    const { bookingDate, timeSlot } = await bookAsCustomer(marker, 'Anna Petrova', service, 20);

    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    // Nothing needs attention yet for this booking.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('table', { name: 'Recent Appointments' }).getByText(name).waitFor();
    expect(await page.getByRole('table', { name: 'Needs attention' }).getByText(name).count()).toBe(0);

    const dialog = await openHours(page, 'Anna Petrova');
    await dialog.getByRole('tab', { name: 'Time off' }).click();
    // The schema's message, before anything is sent.
    const start = dialog.getByRole('group', { name: 'Start', exact: true });
    const end = dialog.getByRole('group', { name: 'End', exact: true });
    // A day alone is not enough: the form holds nothing until the time is there too.
    await fillDate(start.getByRole('textbox', { name: 'Start', exact: true }), bookingDate);
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await start.getByText('Start is required').waitFor();
    await fillDateTime(start, `${bookingDate}T18:00`);
    await fillDateTime(end, `${bookingDate}T08:00`);
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await end.getByText('Time off must end after it starts').waitFor();

    // Day first, as the tables show it, and 12-hour times with AM/PM.
    await fillDateTime(start, `${bookingDate}T08:00`);
    await fillDateTime(end, `${bookingDate}T20:00`);
    expect(await dateTimeShown(start)).toBe(shownDateTime(`${bookingDate}T08:00`));
    expect(await dateTimeShown(end)).toBe(`${shownDate(bookingDate)} 08:00 PM`);
    await dialog.getByLabel('Reason').fill(`Training ${run}`);
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await toast(page, 'Time off added').waitFor();
    // The form starts afresh for the next one.
    await expect.poll(() => dateTimeShown(start)).toBe('');

    const warning = dialog.getByRole('alert').filter({ hasText: 'needs attention' });
    await warning.waitFor();
    const warningText = (await warning.textContent()) ?? '';
    for (const text of ['1 booking needs attention', name, shownDay(bookingDate), clock12(timeSlot), service]) {
      expect(warningText).toContain(text);
    }
    expect(await warning.getByRole('link', { name: 'calendar' }).getAttribute('href')).toBe(
      `/admin/calendar?date=${bookingDate}`,
    );
    const planned = dialog.getByRole('list', { name: 'Planned time off' });
    const entry = planned.getByRole('listitem').filter({ hasText: `Training ${run}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${shownDay(bookingDate)}, 8:00 AM – 8:00 PM`);

    // The dashboard lists it, with the way to the calendar.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await openScreen(page, 'Dashboard');
    const attention = page.getByRole('table', { name: 'Needs attention' }).getByRole('row').filter({ hasText: name });
    await attention.waitFor();
    const rowText = (await attention.textContent()) ?? '';
    for (const text of [shownDay(bookingDate), clock12(timeSlot), service, 'Anna Petrova']) {
      expect(rowText).toContain(text);
    }
    // The booking's day, with its details open.
    expect(await attention.getByRole('link', { name: /^Open in calendar/ }).getAttribute('href')).toMatch(
      new RegExp(`^/admin/calendar\\?date=${bookingDate}&booking=[0-9a-f]{24}$`),
    );

    // Deleting the time off clears it again.
    const again = await openHours(page, 'Anna Petrova');
    await again.getByRole('tab', { name: 'Time off' }).click();
    await planned
      .getByRole('listitem')
      .filter({ hasText: `Training ${run}` })
      .getByRole('button', { name: /^Delete time off/ })
      .click();
    await toast(page, 'Time off deleted').waitFor();
    await planned
      .getByRole('listitem')
      .filter({ hasText: `Training ${run}` })
      .waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    await openScreen(page, 'Dashboard');
    await page.getByRole('table', { name: 'Recent Appointments' }).getByText(name).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Needs attention' }).getByText(name).count()).toBe(0);

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('lets the admin close the salon for a day, refuses the same day twice, and open it again', async () => {
    const day = dayFromToday(75);
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await openScreen(page, 'Settings');
    await page.getByRole('tab', { name: 'Closed days' }).click();
    const table = page.getByRole('table', { name: 'Closed days' });
    await table.getByText('No closed days ahead.').or(table.getByRole('row').nth(1)).first().waitFor();

    await fillDate(page.getByLabel('Date'), day);
    await page.getByLabel('Reason').fill(`Refurbishment ${run}`);
    await page.getByRole('button', { name: 'Add closed day' }).click();
    await toast(page, 'Closed day added').waitFor();
    const closed = table.getByRole('row').filter({ hasText: shownDay(day) });
    await closed.waitFor();
    expect(await closed.textContent()).toContain(`Refurbishment ${run}`);

    await fillDate(page.getByLabel('Date'), day);
    await page.getByRole('button', { name: 'Add closed day' }).click();
    await toast(page, 'The salon is closed on this day already.').waitFor();
    await page.getByText('The salon is closed on this day already.', { exact: true }).first().waitFor();
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: shownDay(day) })
        .count(),
    ).toBe(1);

    await closed.getByRole('button', { name: `Delete closed day ${shownDay(day)}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete closed day' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await toast(page, 'Closed day deleted').waitFor();
    await closed.waitFor({ state: 'detached' });

    // Chromium logs the refused second try (409) itself; nothing else went wrong.
    const conflict = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
    expect(unexpected(errors).filter((error) => error !== conflict)).toEqual([]);
    await page.close();
  });
});
