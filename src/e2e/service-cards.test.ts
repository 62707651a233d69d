import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, labelled, launchBrowser, pick, toast } from './browser';

const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123', fullName: 'Clara Demo' };
const pad = (n: number) => String(n).padStart(2, '0');

/** A Tuesday-to-Friday day about 47 days ahead: inside the 60-day window, away from other tests' days. */
function farWeekday(): string {
  const day = new Date();
  day.setDate(day.getDate() + 47);
  while (day.getDay() < 2 || day.getDay() > 5) day.setDate(day.getDate() + 1);
  return `${String(day.getFullYear())}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Enters a `YYYY-MM-DD` day in the booking form's date field, a native date input or a dd/mm/yyyy one. */
async function enterDay(input: Locator, day: string): Promise<void> {
  if ((await input.getAttribute('type')) === 'date') {
    await input.fill(day);
    return;
  }
  await input.fill('');
  await input.pressSequentially(day.split('-').reverse().join('/'));
  await input.blur();
}

/** The day the date field shows, as `YYYY-MM-DD` whichever way it shows it. */
async function shownDay(input: Locator): Promise<string> {
  const value = await input.inputValue();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

const card = (page: Page, service: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: service, exact: true }) });

async function logIn(page: Page) {
  // The address changes before the login page replaces the last one, whose booking form has an
  // Email field too: the page's own button says the login form is there.
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, `Welcome back ${CUSTOMER.fullName}`).waitFor();
}

describe('service cards and booking from them, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the discount running today on the cards of its categories, with the reduced price, across the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service`);
    // The demo's Autumn Glow takes 20% off make up and cosmetology, from a week ago to 30 days ahead.
    const evening = card(page, 'Evening Make up');
    await expect.poll(() => evening.textContent()).toContain('−20% · Autumn Glow');
    expect(await evening.textContent()).toMatch(/\$48\s*instead of\s*\$60/);
    expect(await evening.locator('s').textContent()).toBe('$60');
    expect(await card(page, 'Chemical Peel').textContent()).toMatch(
      /−20% · Autumn Glow[\s\S]*\$56\s*instead of\s*\$70/,
    );
    // Other categories keep their price, with no discount.
    const manicure = card(page, 'Classic Manicure');
    expect(await manicure.textContent()).toContain('$25');
    expect(await manicure.textContent()).not.toContain('%');
    expect(await manicure.locator('s').count()).toBe(0);

    // The two cards of a category use the width of a 1280px screen, not half of it.
    const first = await card(page, 'Bridal Make up').boundingBox();
    const second = await evening.boundingBox();
    expect(second!.x + second!.width - first!.x).toBeGreaterThan(1000);
    expect(second!.y).toBe(first!.y);
    await page.screenshot({ path: '/tmp/e2e-service-cards.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the booking form with the service of the card whose "Book" button was pressed, also after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service`);
    await page.getByRole('link', { name: 'Book Chemical Peel', exact: true }).click();
    await page.waitForURL(/\/service\?service=[^#&]+#book$/);
    const form = page.getByRole('region', { name: 'Book an appointment' });
    const service = form.getByRole('combobox', { name: 'Service' });
    await expect.poll(() => service.inputValue()).toBe('Chemical Peel');
    // The form is on screen, not somewhere below.
    await expect
      .poll(async () => (await form.getByRole('heading', { name: 'Book an appointment' }).boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(0);
    expect((await form.getByRole('heading', { name: 'Book an appointment' }).boundingBox())!.y).toBeLessThan(900);

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Book an appointment' })
          .getByRole('combobox', { name: 'Service' })
          .inputValue(),
      )
      .toBe('Chemical Peel');

    // Another card's button changes the choice.
    await page.getByRole('link', { name: 'Book Gel Pedicure', exact: true }).click();
    await expect.poll(() => service.inputValue()).toBe('Gel Pedicure');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a guest who books a visit to log in and back to the form as they left it, which is cleared once booked', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service`);
    // The header has settled (the submit waits for it): a guest sees the Login link.
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Book Classic Manicure', exact: true }).click();
    const form = page.getByRole('region', { name: 'Book an appointment' });
    await expect.poll(() => form.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('Classic Manicure');
    const serviceUrl = page.url();

    const day = farWeekday();
    await enterDay(labelled(form, 'Date'), day);
    await pick(form, 'Specialist', 'Maya Chen');
    // A pedicure after the manicure, by Maya too.
    await form.getByRole('button', { name: '+ Add another service' }).click();
    await pick(form, 'Service 2', 'Gel Pedicure');
    await pick(form, 'Specialist 2', 'Maya Chen');
    const timeSlot = labelled(form, 'Time slot');
    await expect.poll(() => timeSlot.isEnabled(), { timeout: 10_000 }).toBe(true);
    await timeSlot.click();
    // Noon: the 1 h 45 min visit keeps clear of other tests' bookings with Maya that day (10:00, 16:00).
    const slot = page.getByRole('option', { name: '12:00 PM', exact: true });
    const slotLabel = (await slot.textContent())?.trim() ?? '';
    await slot.click();
    await form.getByRole('button', { name: 'Book visit' }).click();

    await toast(page, 'Please login first').waitFor();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(serviceUrl.slice(baseUrl.length));
    await logIn(page);
    await page.waitForURL(serviceUrl);

    // The choices are back, the identity fields are the account's.
    const back = page.getByRole('region', { name: 'Book an appointment' });
    await expect.poll(() => back.getByRole('textbox', { name: 'First name', exact: true }).inputValue()).toBe('Clara');
    expect(await back.getByRole('combobox', { name: 'Service', exact: true }).inputValue()).toBe('Classic Manicure');
    expect(await shownDay(labelled(back, 'Date'))).toBe(day);
    expect(await back.getByRole('combobox', { name: 'Specialist', exact: true }).inputValue()).toBe('Maya Chen');
    expect(await labelled(back, 'Service 2').inputValue()).toBe('Gel Pedicure');
    expect(await labelled(back, 'Specialist 2').inputValue()).toBe('Maya Chen');
    await expect.poll(() => labelled(back, 'Time slot').inputValue(), { timeout: 10_000 }).toBe(slotLabel);
    await page.screenshot({ path: '/tmp/e2e-booking-draft-restored.png' });

    await back.getByRole('button', { name: 'Book visit' }).click();
    await toast(page, 'Visit booked successfully').waitFor();
    // Booked: a reload shows the card's service (the address) and nothing else of the old choices.
    await page.reload();
    const after = page.getByRole('region', { name: 'Book an appointment' });
    await expect.poll(() => after.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('Classic Manicure');
    expect(await labelled(after, 'Date').inputValue()).toBe('');
    expect(await labelled(after, 'Specialist').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('brings a customer who logs in from the header back to the page they were reading', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${baseUrl}/login?next=%2Fabout`);
    await logIn(page);
    await page.waitForURL(`${baseUrl}/about`);
    // A link that names another site is not followed.
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent('//example.com/')}`);
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the category bar in view on a phone while the list scrolls, and jumps to a category', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service`);
    const bar = page.getByRole('navigation', { name: 'Service categories' });
    await card(page, 'Aroma SPA Ritual').waitFor();
    await page.mouse.wheel(0, 2500);
    // Under the sticky header (64px and its border), whatever the scroll.
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(65);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    // The chips scroll sideways within the bar; the page itself does not.
    expect(await bar.getByRole('list').evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await bar.getByRole('link', { name: 'SPA procedures', exact: true }).click();
    await page.waitForURL(/#category-spa-procedures$/);
    const heading = page.getByRole('heading', { level: 2, name: 'SPA procedures', exact: true });
    const barBox = await bar.boundingBox();
    // Just under the bar, near the top of the window (the scroll may come a moment after the address).
    await expect
      .poll(async () => {
        const y = (await heading.boundingBox())?.y ?? -1;
        return y >= barBox!.y + barBox!.height && y < 300;
      })
      .toBe(true);
    await page.screenshot({ path: '/tmp/e2e-category-bar.png' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
