// Standing appointments in Chromium (README "Standing appointments"): a customer books an aroma
// ritual with Leila every 2 weeks, 4 times; the third date does not fit (the salon gave Leila that
// afternoon off), so the review offers the free times nearest to it, and the customer picks one.
// All four are booked, marked "Repeats" under My appointments, and cancelled from the second on
// with "This and the following". Screenshots of the review at 375 and 1280 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  collectPageErrors,
  dayAheadOn,
  fillDate,
  labelled,
  launchBrowser,
  loginAsAdmin,
  loginAsCustomer,
  pick,
  shownDate,
  shownDayWithWeekday,
  shownTime,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';
const SERVICE = 'Aroma SPA Ritual';
const SPECIALIST = 'Leila Haddad';
const TIME = '14:00';

/** `YYYY-MM-DD`, `weeks` weeks after `day`. */
const weeksAfter = (day: string, weeks: number): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

// Saturdays, which no other browser test books on as the demo customer with Leila: the first from
// tomorrow, so the last (six weeks on) stays clear of the admin waitlist test's days 50 to 53. The
// demo salon's own visit for its customer (colour and cut, 4 to 10 days ahead) can fall on the
// first Saturday in the morning, so entries are found by their service as well as their day.
const FIRST = dayAheadOn(1, [6]);
const DAYS = [0, 2, 4, 6].map((weeks) => weeksAfter(FIRST, weeks));
const [, SECOND = '', THIRD = ''] = DAYS;

/**
 * The demo customer's aroma ritual on `day` under My appointments (or one of its regions): other
 * tests may book the demo customer something else that day.
 */
const entryOn = (page: Page | Locator, day: string): Locator =>
  page
    .getByTestId('appointment')
    .filter({ hasText: SERVICE })
    .filter({ hasText: shownDate(day) });

describe('standing appointments in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('books every 2 weeks, 4 times, with another time for the date that does not fit, then cancels from the second on', async () => {
    // The salon gives Leila the afternoon of the third date off.
    const { page: admin } = await loginAsAdmin(browser, baseUrl);
    const specialists = (
      (await (await admin.request.get(`${baseUrl}/api/v1/specialists`)).json()) as {
        data: { _id: string; name: string }[];
      }
    ).data;
    const leila = specialists.find((one) => one.name === SPECIALIST)?._id ?? '';
    const off = await admin.request.post(`${baseUrl}/api/v1/admin/specialists/${leila}/time-off`, {
      data: { startsAt: `${THIRD}T13:00`, endsAt: `${THIRD}T17:00`, reason: 'Training' },
      headers: { origin: baseUrl },
    });
    expect(off.status(), await off.text()).toBe(201);
    const timeOffId = ((await off.json()) as { data: { _id: string } }).data._id;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    try {
      await loginAsCustomer(page, baseUrl);
      await page.goto(`${baseUrl}/appointment`);
      await page.waitForLoadState('networkidle');
      await fillDate(labelled(page, 'Date'), FIRST);
      await page.keyboard.press('Escape');
      await pick(page, 'Service', SERVICE);
      await pick(page, 'Specialist', SPECIALIST);
      const timeSlot = labelled(page, 'Time slot');
      await expect.poll(() => timeSlot.isEnabled(), { timeout: 10_000 }).toBe(true);
      await pick(page, 'Time slot', shownTime(TIME));

      // "Repeat" is off until turned on; then every 2 weeks, 4 times.
      const repeat = page.getByRole('checkbox', { name: 'Repeat' });
      expect(await repeat.isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: 'Book appointment' }).count()).toBe(1);
      await repeat.check();
      await page.getByRole('textbox', { name: 'Every (weeks)' }).fill('2');
      await page.getByRole('radio', { name: 'After a number of times' }).check();
      await labelled(page, 'Times').fill('4');
      await page.getByRole('checkbox', { name: 'Repeat' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/standing-form-1280.png` });
      await page.getByRole('button', { name: 'Check the dates' }).click();

      // The review: three dates free as asked, the third not, with the times free that day.
      const review = page.getByRole('region', { name: 'Check the dates' });
      await review.waitFor();
      const free = review.getByRole('list', { name: 'Free as asked' });
      for (const day of [FIRST, SECOND, DAYS[3] ?? '']) {
        await free.getByText(`${shownDayWithWeekday(day)} at ${shownTime(TIME)}`).waitFor();
      }
      expect(await free.getByRole('listitem').count()).toBe(3);
      const miss = review.getByRole('radiogroup', { name: `${shownDayWithWeekday(THIRD)} at ${shownTime(TIME)}` });
      await miss.waitFor();
      expect(await miss.innerText()).toContain('Skip this date');
      // The nearest free time first, then others, then "Skip this date".
      expect(await miss.getByRole('radio').count()).toBeGreaterThan(1);
      const instead = (await miss.getByRole('radio').first().getAttribute('value')) ?? '';
      expect(instead).toMatch(/^\d{2}:\d{2}$/);
      expect(await review.getByRole('button', { name: 'Book 3 appointments' }).count()).toBe(1);

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/standing-review-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await review.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/standing-review-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Booking before choosing says what is missing; the time picked counts as a fourth.
      await review.getByRole('button', { name: 'Book 3 appointments' }).click();
      await review.getByText('Pick a time for this occurrence or skip it').waitFor();
      await miss.getByRole('radio', { name: shownTime(instead), exact: true }).check();
      await review.getByRole('button', { name: 'Book 4 appointments' }).click();
      await toast(page, '4 appointments booked').waitFor();
      await toast(page, `${shownDayWithWeekday(THIRD)} at ${shownTime(instead)}`).waitFor();
      await review.waitFor({ state: 'detached' });

      // My appointments: all four, each marked as repeating, the third at the time picked.
      await page.goto(`${baseUrl}/my-appointments`);
      for (const day of DAYS) {
        const entry = entryOn(page, day);
        await entry.waitFor();
        expect(await entry.getByText('Repeats', { exact: true }).count()).toBe(1);
        expect(await entry.innerText()).toContain(shownTime(day === THIRD ? instead : TIME));
      }
      expect(await seriousViolations(page)).toEqual([]);

      // From the second on: "This and the following".
      await entryOn(page, SECOND).getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
      await dialog.waitFor();
      const scope = dialog.getByRole('radiogroup', { name: /Which ones to cancel/ });
      expect(await scope.getByRole('radio', { name: 'This appointment' }).isChecked()).toBe(true);
      await scope.getByRole('radio', { name: 'This and the following' }).check();
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/standing-cancel-1280.png` });
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await toast(page, `Cancelled from ${shownDayWithWeekday(SECOND)} on`).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const past = page.getByRole('region', { name: 'Past and cancelled' });
      for (const day of DAYS.slice(1)) {
        await expect.poll(() => entryOn(past, day).count()).toBe(1);
      }
      const first = entryOn(page.getByRole('region', { name: 'Upcoming' }), FIRST);
      expect(await first.textContent()).toContain('pending');

      // The first one too, on its own, so the Saturdays are left as they were.
      await first.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await toast(page, 'Appointment cancelled').waitFor();
      await expect.poll(() => past.getByTestId('appointment').filter({ hasText: SERVICE }).count()).toBeGreaterThan(3);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.close();
      await admin.request.delete(`${baseUrl}/api/v1/admin/specialists/${leila}/time-off/${timeOffId}`, {
        headers: { origin: baseUrl },
      });
      await admin.close();
    }
  });

  it('lets the salon book a weekly series for a caller, marks it in the calendar and cancels this and the following', async () => {
    // Two weeks on: the demo's week ahead has a day Leila is away on a course.
    const start = weeksAfter(FIRST, 2);
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/admin/calendar?date=${start}`);
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      const header = page.locator('.rbc-time-header .rbc-header').filter({ hasText: SPECIALIST });
      const column = await header.boundingBox();
      const hour = await page.locator('.rbc-time-gutter .rbc-timeslot-group').nth(3).boundingBox();
      if (!column || !hour) throw new Error(`no column for ${SPECIALIST}`);
      await page.mouse.click(column.x + column.width / 2, hour.y + hour.height / 4);
      const dialog = page.getByRole('dialog', { name: 'Book for a customer' });
      await dialog.waitFor();
      await labelled(dialog, 'First name').fill('Rita');
      await labelled(dialog, 'Last name').fill('Weekly');
      await labelled(dialog, 'Phone').fill('9855512345');
      await pick(dialog, 'Service', 'Hot Stone Massage');
      await pick(dialog, 'Time', shownTime('17:00'));
      await dialog.getByRole('checkbox', { name: 'Repeat' }).check();
      await dialog.getByRole('textbox', { name: 'Every (weeks)' }).fill('1');
      await labelled(dialog, 'Times').fill('3');
      await dialog.getByRole('button', { name: 'Check the dates' }).click();

      const review = dialog.getByRole('region', { name: 'Check the dates' });
      await review.waitFor();
      expect(await review.getByRole('list', { name: 'Free as asked' }).getByRole('listitem').count()).toBe(3);
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await review.getByRole('button', { name: 'Book 3 appointments' }).click();
      await toast(page, '3 appointments booked').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The block is marked as one of a series; its details ask which ones a cancel takes.
      const block = page
        .locator('[data-booking-id]')
        .filter({ hasText: 'Hot Stone Massage' })
        .filter({
          has: page.getByRole('img', { name: 'Repeats' }),
        });
      await block.first().waitFor();
      await page.screenshot({ path: `${SHOTS}/standing-calendar-1280.png` });
      await block.first().click();
      const details = page.getByRole('dialog', { name: 'Booking' });
      await details.waitFor();
      await details.getByText('Repeats', { exact: true }).waitFor();
      await details.getByRole('radio', { name: 'This and the following' }).check();
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await details.getByRole('button', { name: 'Cancel this and the following' }).click();
      await toast(page, 'This and the following cancelled').waitFor();

      // The two after it are cancelled too.
      for (const weeks of [1, 2]) {
        await page.goto(`${baseUrl}/admin/calendar?date=${weeksAfter(start, weeks)}`);
        await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
        await page.getByRole('switch', { name: 'Show cancelled' }).check();
        const later = page.locator('[data-booking-id]').filter({ hasText: 'Hot Stone Massage' });
        await expect.poll(() => later.first().getAttribute('data-status')).toBe('cancelled');
      }
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('asks in the appointments list whether a cancel takes the following occurrences too', async () => {
    const start = weeksAfter(FIRST, 3);
    const marker = `Listed${String(Date.now()).slice(-6)}`;
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    try {
      const booked = await page.request.post(`${baseUrl}/api/v1/admin/visits`, {
        data: {
          firstName: 'Lou',
          lastName: marker,
          phone: '9855598765',
          bookingDate: start,
          timeSlot: '11:00',
          items: [{ service: SERVICE, specialist: SPECIALIST }],
          repeat: { everyWeeks: 1, count: 3 },
        },
        headers: { origin: baseUrl },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      await page.goto(`${baseUrl}/admin/appointments`);
      await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
      const table = page.getByRole('table', { name: 'Appointments' });
      await page.getByRole('searchbox', { name: 'Search appointments' }).fill(marker);
      await expect.poll(() => table.getByRole('row').count()).toBe(4);
      const rowOn = (day: string) => table.getByRole('row').filter({ hasText: shownDate(day) });
      const status = (day: string) => rowOn(day).getByRole('combobox', { name: /^Status of / });

      await status(weeksAfter(start, 1)).click();
      await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel a repeating appointment' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'This and the following' }).check();
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel this and the following' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => status(weeksAfter(start, 2)).getAttribute('data-status')).toBe('cancelled');
      expect(await status(weeksAfter(start, 1)).getAttribute('data-status')).toBe('cancelled');
      expect(await status(start).getAttribute('data-status')).not.toBe('cancelled');
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
