// A visit of several services in Chromium: the customer books colour with Leila, then a cut with
// Anna, then make-up with any specialist, and sees each time and the total before booking; My
// appointments shows the visit as one entry; the admin sees its items linked in the calendar with
// the colour's processing time drawn lighter, and drags the colour an hour later: every item moves.
// Screenshots at 1280 and 375 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  centreOf,
  collectPageErrors,
  dayAheadOn,
  drag,
  fillDate,
  labelled,
  launchBrowser,
  loginAsAdmin,
  loginAsCustomer,
  pick,
  shownDate,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';

/** The time a block of the calendar shows first: `10:00 AM` of `10:00 AM – 11:00 AM`. */
const startShown = async (block: Locator) => (/\d{1,2}:\d{2} [AP]M/.exec(await block.innerText()) ?? [''])[0];

/** Fills the booking form with the visit: colour (Leila), cut (Anna), make-up (any). */
async function chooseVisit(page: Page, day: string): Promise<void> {
  await page.goto(`${baseUrl}/appointment`);
  await page.waitForLoadState('networkidle');
  await fillDate(labelled(page, 'Date'), day);
  await page.keyboard.press('Escape');
  await pick(page, 'Service', 'Hair Colouring');
  await pick(page, 'Specialist', 'Leila Haddad');
  await page.getByRole('button', { name: '+ Add another service' }).click();
  await pick(page, 'Service 2', 'Haircut & Styling');
  await pick(page, 'Specialist 2', 'Anna Petrova');
  await page.getByRole('button', { name: '+ Add another service' }).click();
  await pick(page, 'Service 3', 'Evening Make up');
}

describe('a visit of several services in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('books colour, cut and make-up as one visit, lists it once, and moves it whole from the calendar', async () => {
    // A Tuesday to Thursday: Leila, Anna and Sofia all work; far from the demo's bookings.
    const day = dayAheadOn(33, [2, 3, 4]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    await chooseVisit(page, day);

    const timeSlot = labelled(page, 'Time slot');
    await expect.poll(() => timeSlot.isEnabled(), { timeout: 10_000 }).toBe(true);
    await timeSlot.click();
    await page.getByRole('option', { name: '10:00 AM', exact: true }).click();
    // Before booking: each service at its time (colour 60 min with Leila, then 40 of processing),
    // and the totals: $95 (Leila's own colour price) + $45 + from $60, 60 + 40 + 60 + 60 minutes.
    const quote = page.getByTestId('visit-quote');
    await quote.getByText('10:00 AM', { exact: true }).waitFor();
    await quote.getByText('11:40 AM', { exact: true }).waitFor();
    await quote.getByText('12:40 PM', { exact: true }).waitFor();
    expect(await quote.innerText()).toContain('Total: 3 h 40 min');
    expect(await quote.innerText()).toContain('$200');
    await page.screenshot({ path: `${SHOTS}/visit-form-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Book visit' }).click();
    await toast(page, 'Visit booked successfully').waitFor();
    await toast(page, '10:00 AM Hair Colouring with Leila Haddad').waitFor();

    // My appointments: one entry with the three services in order.
    await page.goto(`${baseUrl}/my-appointments`);
    const entry = page
      .getByTestId('appointment')
      .filter({ hasText: 'Visit: 3 services' })
      .filter({
        hasText: shownDate(day),
      });
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(/10:00 AM\s+Hair Colouring with Leila Haddad/);
    expect(await entry.innerText()).toMatch(/11:40 AM\s+Haircut & Styling with Anna Petrova/);
    expect(await entry.innerText()).toContain('$200');
    await page.close();

    // The admin's calendar: three linked blocks, the colour's processing drawn after it.
    const admin = await loginAsAdmin(browser, baseUrl);
    const calendar = admin.page;
    await calendar.goto(`${baseUrl}/admin/calendar?date=${day}`);
    await calendar.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    const items = calendar.locator('.sc-visit');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
    const colour = items.filter({ hasText: 'Hair Colouring' });
    const cut = items.filter({ hasText: 'Haircut & Styling' });
    const makeUp = items.filter({ hasText: 'Evening Make up' });
    expect(await colour.innerText()).toContain('Visit 1/3');
    expect(await cut.innerText()).toContain('Visit 2/3');
    expect(await makeUp.innerText()).toContain('Visit 3/3');
    const processing = calendar.locator('.sc-processing').filter({ hasText: 'Processing: Clara Demo' });
    await processing.waitFor();
    await calendar.screenshot({ path: `${SHOTS}/visit-calendar-1280.png`, fullPage: true });

    // Drag the colour an hour later: the cut and the make-up follow.
    const colourBox = await colour.boundingBox();
    if (!colourBox) throw new Error('the colour block is not on screen');
    const from = await centreOf(colour);
    // The block is an hour high; a quarter of an hour more keeps the drop inside the 11:00 slot.
    await drag(calendar, from, { x: from.x, y: from.y + colourBox.height * 1.25 });
    await calendar.waitForTimeout(1500);
    await calendar.screenshot({ path: `${SHOTS}/visit-calendar-moved-1280.png`, fullPage: true });
    await toast(calendar, 'Moved').waitFor();
    await expect.poll(() => startShown(colour), { timeout: 10_000 }).toBe('11:00 AM');
    await expect.poll(() => startShown(cut)).toBe('12:40 PM');
    await expect.poll(() => startShown(makeUp)).toBe('1:40 PM');

    // The visit done: one status for all three from the details of any of them.
    await cut.click();
    const details = calendar.getByRole('dialog', { name: 'Visit' });
    await pick(details, 'Status of the whole visit', 'Completed');
    await toast(calendar, 'Visit completed: 3 services').waitFor();
    await expect
      .poll(() =>
        items.locator('[data-status]').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-status'))),
      )
      .toEqual(['completed', 'completed', 'completed']);
    expect(unexpected(admin.errors)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await calendar.close();
  });

  it('fits the visit form and the calendar on a 375 px phone', async () => {
    const day = dayAheadOn(33, [2, 3, 4]);
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await loginAsCustomer(page, baseUrl);
    await chooseVisit(page, dayAheadOn(40, [2, 3, 4]));
    await page.getByTestId('visit-quote').waitFor();
    // Nothing of the form runs off the side of the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/visit-form-375.png`, fullPage: true });
    await page.close();

    const admin = await loginAsAdmin(browser, baseUrl);
    await admin.page.setViewportSize({ width: 375, height: 812 });
    await admin.page.goto(`${baseUrl}/admin/calendar?date=${day}`);
    await admin.page.locator('.sc-visit').first().waitFor();
    await admin.page.screenshot({ path: `${SHOTS}/visit-calendar-375.png`, fullPage: true });
    await admin.page.close();
  });
});
