import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  collectPageErrors,
  fillDate,
  labelled,
  launchBrowser,
  pick,
  shownDate,
  shownDayWithWeekday,
  toast,
  workdayAhead,
} from './browser';

const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123', fullName: 'Clara Demo' };
const SLOT_TAKEN = 'This time slot is no longer available. Please choose another one.';
const SHOTS = '/tmp/shots';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A Tuesday-to-Friday day `ahead` or more days from now (the e2e server's salon zone is this
 * machine's): every demo specialist works then, and it is far from the demo bookings and the
 * other browser tests' days, within the 60-day window.
 */
function dayAhead(ahead: number): { iso: string; shown: string } {
  const iso = workdayAhead(ahead);
  return { iso, shown: shownDate(iso) };
}

/** `2:30 PM` → `14:30`: the value behind a time option's label. */
function clockTime(label: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!match) throw new Error(`not a time label: ${label}`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${pad(hours)}:${match[2] ?? ''}`;
}

/** Opens the time Select once it has free times, picks the first or last one and answers its label. */
async function pickTime(page: Page, scope: Page | Locator, label: string, which: 'first' | 'last') {
  const select = labelled(scope, label);
  await expect.poll(() => select.isEnabled(), { timeout: 10_000 }).toBe(true);
  await select.click();
  const option = which === 'first' ? page.getByRole('option').first() : page.getByRole('option').last();
  const text = (await option.textContent())?.trim() ?? '';
  expect(text).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
  await option.click();
  return text;
}

/** The labels of the time Select's options (opened and closed again). */
async function timeOptions(page: Page, scope: Page | Locator, label: string): Promise<string[]> {
  const select = labelled(scope, label);
  await expect.poll(() => select.isEnabled(), { timeout: 10_000 }).toBe(true);
  await select.click();
  await page.getByRole('option').first().waitFor();
  const labels = (await page.getByRole('option').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  return labels;
}

async function login(browser: Browser, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, `Welcome back ${CUSTOMER.fullName}`).waitFor();
  await page.waitForURL(`${baseUrl}/`);
  return { page, errors };
}

/** Books as the logged-in customer straight through tRPC, from the page (its cookies, its origin). */
async function bookThroughApi(
  page: Page,
  booking: { service: string; specialist: string; bookingDate: string; timeSlot: string },
): Promise<{ status: number; specialist?: string }> {
  return page.evaluate(async (input) => {
    const response = await fetch('/trpc/customer.bookings.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as { result?: { data?: { specialist?: { name?: string } } } };
    return { status: response.status, specialist: body.result?.data?.specialist?.name };
  }, booking);
}

async function openMyAppointments(page: Page) {
  await page.goto(`${baseUrl}/my-appointments`);
  await page.getByRole('heading', { level: 1, name: 'My appointments' }).waitFor();
}

const appointment = (page: Page, service: string, when: string) =>
  page.getByTestId('appointment').filter({ hasText: service }).filter({ hasText: when });

describe('rescheduling and "any specialist" in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets the customer move a booking to another free time and specialist from My appointments', async () => {
    const { page, errors } = await login(browser);
    const day = dayAhead(36);

    // Booked through the form, with a named specialist: the toast is the spec's, unchanged.
    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    await fillDate(labelled(page, 'Date'), day.iso);
    await pick(page, 'Service', 'Haircut & Styling');
    await pick(page, 'Specialist', 'Anna Petrova');
    const booked = await pickTime(page, page, 'Time slot', 'first');
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await toast(page, 'Appointment booked successfully').waitFor();
    expect(await toast(page, 'Booked with').count()).toBe(0);

    await openMyAppointments(page);
    const before = appointment(page, 'Haircut & Styling', `${day.shown} at ${booked}`);
    await before.waitFor();
    await before.getByRole('button', { name: 'Reschedule' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.waitFor();
    // The service is shown, not editable; the specialist and the day start as booked.
    const service = dialog.getByRole('textbox', { name: 'Service', exact: true });
    expect(await service.inputValue()).toBe('Haircut & Styling');
    expect(await service.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => labelled(dialog, 'Specialist').inputValue()).toBe('Anna Petrova');
    expect(await labelled(dialog, 'Date').inputValue()).toBe(day.shown);
    // The booked time is not offered again with the same specialist.
    expect(await timeOptions(page, dialog, 'Time')).not.toContain(booked);

    await labelled(dialog, 'Specialist').click();
    expect(await page.getByRole('option', { name: 'Any specialist', exact: true }).count()).toBe(1);
    await page.getByRole('option', { name: 'Leila Haddad', exact: true }).click();
    const moved = await pickTime(page, dialog, 'Time', 'last');
    expect(moved).not.toBe(booked);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/customer-reschedule-e2e.png` });

    await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
    // A sentence naming one day gives its weekday.
    await toast(page, `Appointment moved to ${shownDayWithWeekday(day.iso)} at ${moved} with Leila Haddad`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const after = appointment(page, 'Haircut & Styling', `${day.shown} at ${moved}`);
    await after.waitFor();
    expect(await after.getByText('with Leila Haddad').count()).toBe(1);
    expect(await appointment(page, 'Haircut & Styling', `${day.shown} at ${booked}`).count()).toBe(0);

    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the server's message and the times still free when the chosen time is taken meanwhile", async () => {
    const { page, errors } = await login(browser);
    const day = dayAhead(44);
    expect(
      (
        await bookThroughApi(page, {
          service: 'Haircut & Styling',
          specialist: 'Anna Petrova',
          bookingDate: day.iso,
          timeSlot: '10:00',
        })
      ).status,
    ).toBe(200);

    await openMyAppointments(page);
    await appointment(page, 'Haircut & Styling', `${day.shown} at 10:00 AM`)
      .getByRole('button', { name: 'Reschedule' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.waitFor();
    const wanted = await pickTime(page, dialog, 'Time', 'last');

    // Another booking takes that time before the move is sent.
    expect(
      (
        await bookThroughApi(page, {
          service: 'Haircut & Styling',
          specialist: 'Anna Petrova',
          bookingDate: day.iso,
          timeSlot: clockTime(wanted),
        })
      ).status,
    ).toBe(200);

    await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await toast(page, SLOT_TAKEN).waitFor();
    // The modal stays open, the time is cleared and no longer offered.
    await expect.poll(() => labelled(dialog, 'Time').inputValue()).toBe('');
    await expect.poll(() => timeOptions(page, dialog, 'Time')).not.toContain(wanted);

    const next = await pickTime(page, dialog, 'Time', 'first');
    await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await toast(page, `Appointment moved to ${shownDayWithWeekday(day.iso)} at ${next} with Anna Petrova`).waitFor();
    await appointment(page, 'Haircut & Styling', `${day.shown} at ${next}`).waitFor();

    // Chromium reports the refused call (409) as a console error of its own; nothing else is expected.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    await page.close();
  });

  it('books with "Any specialist" and tells the customer who was picked', async () => {
    const { page, errors } = await login(browser);
    const day = dayAhead(52);

    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    await fillDate(labelled(page, 'Date'), day.iso);
    await pick(page, 'Service', 'Evening Make up');
    // "Any specialist" comes first, before the specialists who offer the service.
    await labelled(page, 'Specialist').click();
    expect((await page.getByRole('option').allTextContents()).map((text) => text.trim())).toEqual([
      'Any specialist',
      'Anna Petrova',
      'Sofia Rossi',
    ]);
    await page.getByRole('option', { name: 'Any specialist', exact: true }).click();
    // The day's last free time is after Anna Petrova's hours (9 to 6): only Sofia Rossi (10 to 7) is free then.
    const time = await pickTime(page, page, 'Time slot', 'last');
    await page.getByRole('button', { name: 'Book appointment' }).click();
    const confirmation = toast(page, 'Appointment booked successfully');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain('Booked with Sofia Rossi');
    // The form keeps "Any specialist" for the next booking and clears the time.
    expect(await labelled(page, 'Specialist').inputValue()).toBe('Any specialist');
    await expect.poll(() => labelled(page, 'Time slot').inputValue()).toBe('');

    await openMyAppointments(page);
    const booking = appointment(page, 'Evening Make up', `${day.shown} at ${time}`);
    await booking.waitFor();
    expect(await booking.getByText('with Sofia Rossi').count()).toBe(1);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits the reschedule modal on a wide and a narrow screen', async () => {
    for (const width of [1280, 375]) {
      const { page, errors } = await login(browser, width);
      await openMyAppointments(page);
      const card = page
        .getByTestId('appointment')
        .filter({ has: page.getByRole('button', { name: 'Reschedule' }) })
        .first();
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
      await dialog.waitFor();
      // The specialists and the day's free times have loaded.
      await expect.poll(() => labelled(dialog, 'Specialist').inputValue()).not.toBe('');
      await expect.poll(() => labelled(dialog, 'Time').getAttribute('placeholder')).toBe('Select a time');
      // Nothing in the modal is wider than the screen.
      // The modal's opening transition has ended (a screenshot mid-way shows it half transparent).
      await page.waitForTimeout(400);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.screenshot({ path: `${SHOTS}/customer-reschedule-${width}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/customer-my-appointments-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
