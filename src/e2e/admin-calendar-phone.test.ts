// The back office's calendar on a phone (375 px, touch) and what a refused move says: a tap on an
// empty time opens "Book for a customer" with that specialist and time, and the booking made there
// shows; one specialist's day at a time, picked above the grid and kept in the address; the legend;
// nothing wider than the phone; the modals' main buttons in view. At 1280 px, a drop the server
// refuses names what it clashes with, in a toast clear of the header's Logout. Its day is 57 or 58
// days ahead (the horizon is 60), at times and with specialists the other tests leave free then.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  centreOf,
  collectPageErrors,
  dayAheadOn,
  drag,
  field,
  labelled,
  launchBrowser,
  loginAsAdmin,
  shownDate,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 800 };
/** A day Anna and Maya work (Monday to Saturday) near the end of the booking horizon. */
const DAY = dayAheadOn(57, [1, 2, 3, 4, 5, 6]);

/** Picks whose day the calendar shows (its Select above the grid). */
async function pickSpecialist(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Whether the whole of an element is on screen. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** The top of the gutter's hour labelled `label` (`10:00 AM`), scrolled into view, and its height. */
async function hourRow(page: Page, label: string): Promise<{ y: number; height: number }> {
  const hour = page.locator('.rbc-time-gutter .rbc-timeslot-group').filter({ hasText: label });
  await hour.scrollIntoViewIfNeeded();
  const box = await hour.boundingBox();
  if (!box) throw new Error(`no ${label} in the gutter`);
  return { y: box.y, height: box.height };
}

/** A booking the salon makes through /trpc from a signed-in admin page: its id. */
async function salonBooks(
  page: Page,
  booking: {
    firstName: string;
    lastName: string;
    phone: string;
    service: string;
    specialist: string;
    bookingDate: string;
    timeSlot: string;
  },
): Promise<string> {
  const answer = await page.evaluate(async (input) => {
    const response = await fetch('/trpc/admin.bookings.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as { result?: { data?: { _id?: string } } } };
  }, booking);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = answer.body.result?.data?._id;
  if (!id) throw new Error('no booking id');
  return id;
}

describe('the calendar on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('books on a tap of an empty time, shows one specialist at a time with the legend, and fits 375 px', async () => {
    const day = DAY;
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/admin/login`);
    await field(page, 'Email').fill('admin@salon.test');
    await field(page, 'Password').fill('admin12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/calendar?date=${day}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();

    // Maya's day, picked above the grid: her column alone, and the address keeps her.
    await pickSpecialist(page, 'Maya Chen');
    await expect.poll(() => page.url()).toContain('specialist=');
    await expect
      .poll(() => page.locator('.rbc-time-header .rbc-row-resource .rbc-header').allInnerTexts())
      .toEqual(['Maya Chen']);
    await expect.poll(() => page.getByTestId('calendar-hint').innerText()).toMatch(/^Tap an empty time/);
    const legend = page.getByRole('list', { name: 'Legend' });
    for (const meaning of ['Confirmed', 'Time off · salon closed', 'Not working (outside hours, breaks)']) {
      await legend.getByText(meaning, { exact: true }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/admin-calendar-phone-375.png`, fullPage: true });

    // A tap on 4:00 PM in her column.
    const column = await page.locator('.rbc-time-content .rbc-day-slot').first().boundingBox();
    if (!column) throw new Error('no column');
    const four = await hourRow(page, '4:00 PM');
    await page.touchscreen.tap(column.x + column.width / 2, four.y + four.height / 4);
    const dialog = page.getByRole('dialog', { name: 'Book for a customer' });
    await dialog.waitFor();
    await expect.poll(() => labelled(dialog, 'Specialist').inputValue()).toBe('Maya Chen');
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Date' }).inputValue()).toBe(shownDate(day));
    await expect.poll(() => labelled(dialog, 'Time').inputValue()).toBe('4:00 PM');

    // For the demo customer, found by name.
    const search = labelled(dialog, 'Find a customer');
    await search.fill('Clara Demo');
    await page
      .getByRole('option', { name: /Clara Demo/ })
      .first()
      .waitFor({ state: 'attached' });
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect.poll(() => field(dialog, 'First name').inputValue()).toBe('Clara');
    // By the keyboard: the emulated phone keeps the dropdown moving under a pointer (it pans to the field).
    const service = labelled(dialog, 'Service');
    await service.focus();
    await service.press('ArrowDown');
    await page.getByRole('option', { name: 'Classic Manicure', exact: true }).waitFor({ state: 'attached' });
    const manicure = page.getByRole('option', { name: 'Classic Manicure', exact: true });
    while ((await manicure.getAttribute('data-combobox-selected')) !== 'true') await service.press('ArrowDown');
    await service.press('Enter');
    await expect.poll(() => service.inputValue()).toBe('Classic Manicure');
    await expect.poll(() => labelled(dialog, 'Time').inputValue()).toBe('4:00 PM');
    const book = dialog.getByRole('button', { name: 'Book', exact: true });
    expect(await inViewport(page, book)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/admin-calendar-phone-book-375.png` });
    await book.click();
    await toast(page, 'Booked Clara Demo with Maya Chen').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const block = page.locator('.rbc-event').filter({ hasText: 'Clara Demo' }).filter({ hasText: '4:00 PM' });
    await block.waitFor();

    // Its details fit the phone, their buttons in view.
    await block.tap();
    const details = page.getByRole('dialog', { name: 'Booking' });
    await details.getByText('Classic Manicure with Maya Chen').waitFor();
    const cancel = details.getByRole('button', { name: 'Cancel booking' });
    expect(await inViewport(page, cancel)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/admin-calendar-phone-details-375.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // Another specialist's day.
    await pickSpecialist(page, 'Anna Petrova');
    await expect
      .poll(() => page.locator('.rbc-time-header .rbc-row-resource .rbc-header').allInnerTexts())
      .toEqual(['Anna Petrova']);
    expect(await block.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('names what a refused drop clashes with, in a toast clear of Logout', async () => {
    const day = DAY;
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const customer = { phone: '9123400066', service: 'Evening Make up', specialist: 'Anna Petrova', bookingDate: day };
    const moving = await salonBooks(page, { ...customer, firstName: 'Mo', lastName: 'Ving', timeSlot: '10:00' });
    await salonBooks(page, {
      ...customer,
      firstName: 'Olivia',
      lastName: 'Clash',
      phone: '9123400067',
      timeSlot: '13:00',
    });
    await page.goto(`${baseUrl}/admin/calendar?date=${day}`);
    const block = page.locator(`[data-booking-id="${moving}"]`);
    await block.waitFor();

    // Onto Olivia's 1:00 PM.
    const from = await centreOf(block);
    const one = await hourRow(page, '1:00 PM');
    await drag(page, await centreOf(block), { x: from.x, y: one.y + 5 });
    const refused = toast(page, "Clashes with Olivia Clash's Evening Make up, 1:00 PM – 2:00 PM.");
    await refused.waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-calendar-clash-1280.png` });
    // The toast leaves the header's Logout free.
    const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    const shown = await refused.boundingBox();
    if (!logout || !shown) throw new Error('no Logout or no toast');
    const overlaps =
      shown.x < logout.x + logout.width &&
      logout.x < shown.x + shown.width &&
      shown.y < logout.y + logout.height &&
      logout.y < shown.y + shown.height;
    expect(overlaps).toBe(false);
    // The refused move is the one error answer the page saw (Chromium logs it).
    expect(unexpected(errors)).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await page.close();
  });
});
