// The waitlist in a real browser. A customer who joined the waitlist for a few mornings shows, on a
// day among them, with what they wait for, their days and the part of the day, and their name
// opens their record; a day outside them says nobody waits; the salon offers them a free time
// through "Offer a time", which holds it for them alone (nobody else can have it, and a second
// offer is refused while it is open); the page and the modal fit a phone and have no serious
// accessibility fault at either width.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  dayFromToday,
  fillDate,
  labelled,
  launchBrowser,
  loginAsAdmin,
  shownDate,
  shownDayWithWeekday,
  toast,
  unexpected,
} from './browser';
import { seriousViolations } from './axe';

const baseUrl = inject('baseUrl');
const SERVICE = 'Classic Manicure';
// Days no other browser test books on as the demo customer (a booking in them would end the wait).
const FROM = dayFromToday(50);
const TO = dayFromToday(52);
const INSIDE = dayFromToday(51);
const OUTSIDE = dayFromToday(53);
// The day a time is offered on: one of theirs the salon's manicurist works (not a Sunday). The
// offer is withdrawn before the test ends; no other browser test books a manicure on these days.
const OFFER_DAY = [INSIDE, FROM, TO].find((day) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) ?? INSIDE;
const ENTRY_HAS_OFFER = 'This customer already has a time on offer. Wait until it is taken up or ends.';
const SHOTS = '/tmp/shots';

interface Offer {
  bookingDate: string;
  timeSlot: string;
  status: string;
  expiresAt: string;
  items: { service: { name: string }; specialist: { _id: string; name: string } }[];
}

/** The offer a (batched) `admin.waitlist.offer` call answered. */
async function offerOf(response: Response): Promise<Offer> {
  const body = (await response.json()) as unknown;
  const [first] = (Array.isArray(body) ? body : [body]) as { result: { data: Offer } }[];
  if (!first) throw new Error('no answer to the offer');
  return first.result.data;
}

/** The demo customer's API session, in a browser context of its own. */
async function customerApi(browser: Browser): Promise<{ context: BrowserContext; request: APIRequestContext }> {
  const context = await browser.newContext();
  const login = await context.request.post(`${baseUrl}/api/v1/users/login`, {
    data: { email: 'customer@salon.test', password: 'customer123' },
    headers: { origin: baseUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { context, request: context.request };
}

/**
 * Types a day into the page's Day field and waits until the page shows it. The address changes in a
 * transition, which a busy machine may finish only after the field is left: the field then shows
 * the day once the page has it, not at once (as `fillDate` expects).
 */
async function showDay(page: Page, day: string): Promise<void> {
  const dayField = page.getByRole('textbox', { name: 'Day' });
  await dayField.fill('');
  await dayField.pressSequentially(shownDate(day));
  await page.waitForURL(`${baseUrl}/admin/waitlist?date=${day}`);
  await dayField.blur();
  await expect.poll(() => dayField.inputValue()).toBe(shownDate(day));
}

describe('the waitlist in the back office', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let customer: { context: BrowserContext; request: APIRequestContext };
  let entryId = '';
  let customerName = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    customer = await customerApi(browser);
    const me = await customer.request.get(`${baseUrl}/api/v1/users/me`);
    customerName = ((await me.json()) as { data: { fullName: string } }).data.fullName;
    const joined = await customer.request.post(`${baseUrl}/api/v1/users/waitlist`, {
      data: { items: [{ service: SERVICE, specialist: 'any' }], fromDate: FROM, toDate: TO, partOfDay: 'morning' },
      headers: { origin: baseUrl },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    entryId = ((await joined.json()) as { data: { _id: string } }).data._id;
    ({ page, errors } = await loginAsAdmin(browser, baseUrl));
  });

  afterAll(async () => {
    // Other browser tests see the demo customer as they left them.
    if (entryId) {
      const left = await customer.request.delete(`${baseUrl}/api/v1/users/waitlist/${entryId}`, {
        headers: { origin: baseUrl },
      });
      expect(left.status(), await left.text()).toBe(200);
    }
    await customer.context.close();
    await browser.close();
  });

  it('shows who waits on a day among theirs, and nobody on a day outside them', async () => {
    await page.getByRole('link', { name: 'Waitlist', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/waitlist`);
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();

    await showDay(page, INSIDE);
    await page.getByRole('heading', { level: 2, name: shownDayWithWeekday(INSIDE) }).waitFor();
    const rows = page.getByRole('table', { name: 'Waitlist' }).locator('tbody tr');
    const row = rows.filter({ hasText: customerName });
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${SERVICE} with anyone`);
    expect(text).toContain('Morning (before 12:00 PM)');
    expect(text).toContain('customer@salon.test');

    await showDay(page, OUTSIDE);
    await page.getByRole('heading', { level: 2, name: shownDayWithWeekday(OUTSIDE) }).waitFor();
    await expect.poll(() => rows.allTextContents()).toEqual(['Nobody is waiting for this day.']);

    // Back a day is inside again, and the name opens the customer's record.
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: customerName }).click();
    await page.waitForURL(/\/admin\/customers\/[0-9a-f]{24}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(customerName);
  });

  it('offers them a free time through the modal, held for them alone', async () => {
    await page.goto(`${baseUrl}/admin/waitlist?date=${INSIDE}`);
    const row = page.getByRole('table', { name: 'Waitlist' }).locator('tbody tr').filter({ hasText: customerName });
    await row.getByRole('button', { name: `Offer a time to ${customerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Offer a time to ${customerName}` });
    await dialog.waitFor();
    // It starts on the page's day; the entry's services and part of the day are said.
    expect(await labelled(dialog, 'Date').inputValue()).toBe(shownDate(INSIDE));
    expect(await dialog.textContent()).toContain(`Waiting for ${SERVICE} with anyone`);
    await dialog
      .getByText('Held for them alone for 30 minutes; they get an e-mail with a link that books it.')
      .waitFor();
    // A day outside the entry's is not taken (the field puts its day back).
    await expect(fillDate(labelled(dialog, 'Date'), OUTSIDE)).rejects.toThrow();
    await fillDate(labelled(dialog, 'Date'), OFFER_DAY);

    // Sending without a time is refused by the form, under the field.
    await dialog.getByRole('button', { name: 'Offer this time' }).click();
    await dialog.getByText('Please select a time slot').waitFor();

    const time = labelled(dialog, 'Time');
    await expect.poll(() => time.isEnabled(), { timeout: 10_000 }).toBe(true);
    await time.click();
    const option = page.getByRole('option').first();
    const chosen = ((await option.textContent()) ?? '').trim();
    expect(chosen).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await option.click();

    const answered = page.waitForResponse((response) => response.url().includes('/trpc/admin.waitlist.offer'));
    await dialog.getByRole('button', { name: 'Offer this time' }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const offer = await offerOf(response);
    await toast(page, `Offered ${shownDayWithWeekday(OFFER_DAY)} at ${chosen} to ${customerName}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(offer).toMatchObject({ bookingDate: OFFER_DAY, status: 'open' });
    const held = Date.parse(offer.expiresAt) - Date.now();
    expect(held).toBeGreaterThan(25 * 60_000);
    expect(held).toBeLessThanOrEqual(30 * 60_000);
    const [placed] = offer.items;
    expect(placed?.service.name).toBe(SERVICE);

    // The time is held: nobody else sees it free with the specialist placed...
    const slots = await page.request.get(
      `${baseUrl}/api/v1/users/appointment/available-slots?specialistId=${placed?.specialist._id ?? ''}&bookingDate=${OFFER_DAY}&serviceName=${encodeURIComponent(SERVICE)}`,
    );
    expect(slots.status(), await slots.text()).toBe(200);
    expect(((await slots.json()) as { data: string[] }).data).not.toContain(offer.timeSlot);

    // ...and while it is open, the customer is offered no second time.
    const again = await page.request.post(`${baseUrl}/api/v1/admin/waitlist/${entryId}/offer`, {
      data: { bookingDate: OFFER_DAY, timeSlot: offer.timeSlot },
      headers: { origin: baseUrl },
    });
    expect(again.status(), await again.text()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ENTRY_HAS_OFFER);

    // The row says what is on offer until when, and the salon can take it back: the time is free
    // again, and the row offers a time anew.
    const shown = row.getByTestId('waitlist-offer');
    await shown.waitFor();
    expect(await shown.textContent()).toContain(chosen);
    expect(await shown.textContent()).toMatch(/^Offered \w{3} \d{2}\/\d{2}, /);
    expect(await shown.textContent()).toContain('held until');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-waitlist-offered.png` });
    await row.getByRole('button', { name: `Withdraw offer to ${customerName}` }).click();
    await toast(page, `The time offered to ${customerName} is no longer held`).waitFor();
    await row.getByRole('button', { name: `Offer a time to ${customerName}` }).waitFor();
    const freeAgain = await page.request.get(
      `${baseUrl}/api/v1/users/appointment/available-slots?specialistId=${placed?.specialist._id ?? ''}&bookingDate=${OFFER_DAY}&serviceName=${encodeURIComponent(SERVICE)}`,
    );
    expect(((await freeAgain.json()) as { data: string[] }).data).toContain(offer.timeSlot);
    expect(unexpected(errors)).toEqual([]);
  });

  it('offers only times in the part of the day the customer asked for', async () => {
    await page.goto(`${baseUrl}/admin/waitlist?date=${INSIDE}`);
    const row = page.getByRole('table', { name: 'Waitlist' }).locator('tbody tr').filter({ hasText: customerName });
    await row.getByRole('button', { name: `Offer a time to ${customerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Offer a time to ${customerName}` });
    await dialog.waitFor();
    await fillDate(labelled(dialog, 'Date'), OFFER_DAY);
    const time = labelled(dialog, 'Time');
    await expect.poll(() => time.isEnabled(), { timeout: 10_000 }).toBe(true);
    await time.click();
    const options = (await page.getByRole('option').allTextContents()).map((text) => text.trim());
    expect(options.length).toBeGreaterThan(0);
    // The entry waits for the morning: every time offered starts before noon.
    expect(options.filter((text) => !text.endsWith(' AM'))).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('fits a phone and has no serious accessibility fault at either width', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await page.goto(`${baseUrl}/admin/waitlist?date=${INSIDE}`);
      await page.getByRole('link', { name: customerName }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${String(width)} px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${String(width)} px`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/admin-waitlist-${String(width)}.png`, fullPage: true });

      // The modal, on the day a time was offered (its free times loaded), within the screen.
      await page.getByRole('button', { name: `Offer a time to ${customerName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Offer a time to ${customerName}` });
      await dialog.waitFor();
      await fillDate(labelled(dialog, 'Date'), OFFER_DAY);
      await expect.poll(() => labelled(dialog, 'Time').getAttribute('placeholder')).toBe('Select a time');
      // The opening transition has ended (a screenshot mid-way shows it half transparent).
      await page.waitForTimeout(400);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${String(width)} px`).toBe(true);
      expect(await seriousViolations(page), `${String(width)} px, the modal`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/admin-waitlist-offer-${String(width)}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(unexpected(errors)).toEqual([]);
  });
});
