// The waitlist in Chromium (README "Waitlist"): a guest is asked to log in; a customer who finds
// no time that suits joins from the booking form for the specialist and part of the day they
// want, finds the entry under My appointments, and leaves it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  collectPageErrors,
  dayAheadOn,
  fillDate,
  labelled,
  launchBrowser,
  loginAsCustomer,
  pick,
  shownDayWithWeekday,
  toast,
} from './browser';

const baseUrl = inject('baseUrl');

describe('the waitlist in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('asks a guest to log in before joining', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/appointment`);
    await page.waitForLoadState('networkidle');
    await pick(page, 'Service', 'Classic Manicure');
    await pick(page, 'Specialist', 'Maya Chen');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'Please login first').waitFor();
    // Back to the form afterwards, with the service chosen.
    await page.waitForURL(/\/login\?next=%2Fappointment/);
    await page.close();
  });

  it('lets a customer join from the booking form, see the entry under My appointments and leave it', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    await page.goto(`${baseUrl}/appointment`);
    await page.waitForLoadState('networkidle');

    const day = dayAheadOn(20, [2, 3, 4, 5]);
    await fillDate(labelled(page, 'Date'), day);
    await pick(page, 'Service', 'Classic Manicure');
    // Until a specialist is chosen, there is nothing to wait for.
    expect(await page.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0);
    await pick(page, 'Specialist', 'Maya Chen');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();

    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('For Classic Manicure with Maya Chen.');
    // From the day the form shows, for a week, unless the customer says otherwise.
    expect(await labelled(dialog, 'From').inputValue()).toBe(day.split('-').reverse().join('/'));
    await pick(dialog, 'Time of day', 'Morning (before 12:00 PM)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/e2e-waitlist-join.png' });
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'You are on the waitlist').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/my-appointments`);
    const entry = page.getByTestId('waitlist-entry');
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Classic Manicure with Maya Chen');
    expect(text).toContain(shownDayWithWeekday(day));
    expect(text).toContain('Morning (before 12:00');
    expect(await seriousViolations(page)).toEqual([]);
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/e2e-waitlist-mine.png' });

    await entry.getByRole('button', { name: 'Leave waitlist' }).click();
    await toast(page, 'You left the waitlist').waitFor();
    await entry.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Waitlist' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
