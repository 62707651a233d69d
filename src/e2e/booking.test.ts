import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  collectPageErrors,
  dayAheadOn,
  dayFromToday,
  fillDate,
  labelled,
  launchBrowser,
  pick,
  shownDate,
  toast,
} from './browser';

const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123', fullName: 'Clara Demo' };

/**
 * A Monday-to-Saturday day 30 or more days ahead (the e2e server's salon zone is this machine's):
 * far from the demo bookings and within the 60-day window.
 */
function bookingDay(): { iso: string; shown: string } {
  const iso = dayAheadOn(30, [1, 2, 3, 4, 5, 6]);
  return { iso, shown: shownDate(iso) };
}

/** A field by its label text; Mantine's required asterisk follows the label's words. */

describe('booking in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a guest who submits the booking form to the login page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    // The header has settled (the submit waits for it): a guest sees the Login link.
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await toast(page, 'Please login first').waitFor();
    // The login page is to lead back here afterwards.
    await page.waitForURL(`${baseUrl}/login?next=%2Fappointment`);
    // My appointments is for customers only.
    await page.goto(`${baseUrl}/my-appointments`);
    await toast(page, 'Please login first').waitFor();
    await page.waitForURL(`${baseUrl}/login?next=%2Fmy-appointments`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the price before booking, less the discount running for the service on the chosen day', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    const quote = page.getByTestId('price-quote');
    // The demo's Autumn Glow takes 20% off make up from a week ago to 30 days ahead.
    await fillDate(labelled(page, 'Date'), dayFromToday(3));
    await pick(page, 'Service', 'Evening Make up');
    await expect.poll(() => quote.textContent()).toMatch(/\$48[\s\S]*\$60[\s\S]*Autumn Glow: 20% off on this day/);
    // After the discount has ended, the list price alone.
    await fillDate(labelled(page, 'Date'), dayFromToday(40));
    await expect.poll(() => quote.textContent()).toMatch(/^Price\s*\$60$/);
    // Colour is $85, but Leila, who alone colours in the demo, takes her own $95.
    await pick(page, 'Service', 'Hair Colouring');
    await expect.poll(() => quote.textContent()).toMatch(/^Price\s*\$85$/);
    await pick(page, 'Specialist', 'Leila Haddad');
    await expect.poll(() => quote.textContent()).toMatch(/^Price\s*\$95$/);
    await page.screenshot({ path: '/tmp/e2e-price-quote.png', fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets the customer book a free slot, find it under My appointments and cancel it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, `Welcome back ${CUSTOMER.fullName}`).waitFor();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    // The identity fields come from the account and cannot be changed.
    const firstName = page.getByRole('textbox', { name: 'First name', exact: true });
    await expect.poll(() => firstName.inputValue()).toBe('Clara');
    expect(await page.getByRole('textbox', { name: 'Last name', exact: true }).inputValue()).toBe('Demo');
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(CUSTOMER.email);
    expect(await firstName.getAttribute('readonly')).not.toBeNull();

    const day = bookingDay();
    const date = labelled(page, 'Date');
    await fillDate(date, day.iso);
    // The day reads as the tables show days, dd/mm/yyyy, whatever the browser's language; its
    // calendar opens on that month, the weeks starting on Monday, the day picked.
    expect(await date.inputValue()).toBe(day.shown);
    await date.click();
    const calendar = page.locator('[data-dates-dropdown]');
    expect(await calendar.getByRole('columnheader').allTextContents()).toEqual([
      'Mo',
      'Tu',
      'We',
      'Th',
      'Fr',
      'Sa',
      'Su',
    ]);
    const [y, m, d] = day.iso.split('-').map(Number);
    const longDay = new Date(y ?? 0, (m ?? 1) - 1, d).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(await calendar.getByRole('button', { name: longDay, exact: true }).getAttribute('data-selected')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await pick(page, 'Service', 'Classic Manicure');
    await pick(page, 'Specialist', 'Maya Chen');

    const timeSlot = labelled(page, 'Time slot');
    await expect.poll(() => timeSlot.isEnabled(), { timeout: 10_000 }).toBe(true);
    await timeSlot.click();
    const lastSlot = page.getByRole('option').last();
    const slotLabel = (await lastSlot.textContent())?.trim() ?? '';
    expect(slotLabel).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await lastSlot.click();
    await page.screenshot({ path: '/tmp/e2e-appointment.png', fullPage: true });

    await page.getByRole('button', { name: 'Book appointment' }).click();
    await toast(page, 'Appointment booked successfully').waitFor();
    // The slot is cleared and no longer offered.
    await expect.poll(() => timeSlot.inputValue()).toBe('');
    await timeSlot.click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option', { name: slotLabel, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { name: CUSTOMER.fullName }).click();
    await page.getByRole('menuitem', { name: 'My appointments' }).click();
    await page.waitForURL(`${baseUrl}/my-appointments`);
    await page.getByRole('heading', { level: 1, name: 'My appointments' }).waitFor();

    const booking = page
      .getByTestId('appointment')
      .filter({ hasText: 'Classic Manicure' })
      .filter({ hasText: `${day.shown} at ${slotLabel}` });
    await booking.waitFor();
    expect(await booking.getByText('with Maya Chen').count()).toBe(1);
    expect(await booking.getByText('$', { exact: false }).count()).toBe(1);
    expect((await booking.textContent())?.toLowerCase()).toContain('pending');
    await page.screenshot({ path: '/tmp/e2e-my-appointments.png', fullPage: true });

    await booking.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel appointment' }).click();
    await toast(page, 'Appointment cancelled').waitFor();
    await expect.poll(async () => (await booking.textContent())?.toLowerCase()).toContain('cancelled');
    expect(await booking.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    expect(errors).toEqual([]);
    await page.close();
  });
});
