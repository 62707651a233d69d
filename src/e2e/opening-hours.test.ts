// Opening hours in Chromium: the admin closes Sunday in Settings > Opening hours; the footer and /contact
// say so, and the booking form offers no Sunday time even with a specialist who works Sundays.
import { request, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  collectPageErrors,
  dayAheadOn,
  labelled,
  launchBrowser,
  loginAsAdmin,
  pick,
  timeShown,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');

type Week = { day: string; ranges: { from: string; to: string }[] }[];

/** The first Sunday at least `after` days ahead, `YYYY-MM-DD` (the server and the browser share this machine's zone). */
const sundayAhead = (after: number): string => dayAheadOn(after, [0]);

async function specialistId(name: string): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/api/v1/specialists`)).json()) as {
    data: { _id: string; name: string }[];
  };
  const found = answer.data.find((specialist) => specialist.name === name);
  if (!found) throw new Error(`no specialist named ${name}`);
  return found._id;
}

async function freeSlots(specialist: string, bookingDate: string, serviceName: string): Promise<string[]> {
  const query = new URLSearchParams({ specialistId: specialist, bookingDate, serviceName });
  return (
    (await (await fetch(`${baseUrl}/api/v1/users/appointment/available-slots?${query.toString()}`)).json()) as {
      data: string[];
    }
  ).data;
}

describe('opening hours in Chromium', () => {
  let browser: Browser;
  let before: Week;
  const sunday = sundayAhead(20);

  beforeAll(async () => {
    browser = await launchBrowser();
    before = ((await (await fetch(`${baseUrl}/api/v1/opening-hours`)).json()) as { data: { days: Week } }).data.days;
  });

  // The other browser tests share this server: they get the demo week back.
  afterAll(async () => {
    const api = await request.newContext({ baseURL: baseUrl });
    try {
      expect(
        (await api.post('/api/v1/admin/login', { data: { email: 'admin@salon.test', password: 'admin12345' } })).ok(),
      ).toBe(true);
      const put = await api.put('/api/v1/admin/opening-hours', { data: { days: before } });
      expect(put.ok(), await put.text()).toBe(true);
    } finally {
      await api.dispose();
      await browser.close();
    }
  });

  it('closes Sunday from Settings: the footer and /contact show it and the booking form offers no Sunday time', async () => {
    const sofia = await specialistId('Sofia Rossi');
    // Sofia works Sundays, and the demo salon opens then: the form would offer her times.
    expect((await freeSlots(sofia, sunday, 'Facial Cleansing')).length).toBeGreaterThan(0);

    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('tab', { name: 'Opening hours' }).click();
    const sundayRow = page.getByRole('group', { name: 'Sunday' });
    const open = sundayRow.getByRole('switch', { name: 'Open on Sunday' });
    await expect.poll(() => open.isChecked()).toBe(true);
    // The hours fields show 12-hour times with AM/PM, as the rest of the app writes them.
    expect(await timeShown(page.getByRole('group', { name: 'Opens on Monday' }))).toBe('09:00 AM');
    expect(await timeShown(page.getByRole('group', { name: 'Closes on Monday' }))).toBe('08:00 PM');
    await open.click();
    await expect.poll(() => open.isChecked()).toBe(false);
    await sundayRow.getByText('No bookings on Sundays').waitFor();
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await toast(page, 'Opening hours saved').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = collectPageErrors(visitor);
    await visitor.goto(`${baseUrl}/`);
    const footerHours = visitor.getByRole('contentinfo').getByTestId('footer-opening-hours');
    await expect.poll(() => footerHours.textContent()).toBe('Mon–Sat 9:00 AM – 8:00 PM, Sun closed');

    await visitor.goto(`${baseUrl}/contact`);
    const table = visitor.getByRole('table', { name: 'Opening hours' });
    await table.waitFor();
    expect(await table.getByRole('row', { name: /^Sunday/ }).textContent()).toBe('SundayClosed');
    expect(await table.getByRole('row', { name: /^Monday/ }).textContent()).toBe('Monday9:00 AM – 8:00 PM');

    // The booking form on /contact: Sofia on a Sunday has no time to offer now.
    await labelled(visitor, 'Date').fill(sunday);
    await pick(visitor, 'Service', 'Facial Cleansing');
    await pick(visitor, 'Specialist', 'Sofia Rossi');
    const timeSlot = labelled(visitor, 'Time slot');
    await visitor.getByText('No free times on this day').waitFor();
    expect(await timeSlot.isDisabled()).toBe(true);
    expect(await freeSlots(sofia, sunday, 'Facial Cleansing')).toEqual([]);
    expect(await freeSlots('any', sunday, 'Hot Stone Massage')).toEqual([]);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});
