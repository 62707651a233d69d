// Keyboard use: a customer books on the public form with the keyboard alone
// (Tab, typing, the arrow keys and Enter in the lists), and the admin moves through the calendar's
// days and views and opens a booking's details without the mouse.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  bookThroughApi,
  collectPageErrors,
  dayAheadOn,
  field,
  isoDay,
  launchBrowser,
  loginAsAdmin,
  loginAsCustomer,
  shownDate,
  shownDayWithWeekday,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');
/** A Tuesday-to-Thursday day `ahead` or more days from now (`YYYY-MM-DD`): Maya Chen works then. */
const dayAhead = (ahead: number): string => dayAheadOn(ahead, [2, 3, 4]);

/** What has the focus: its tag, its accessible label (label, aria-label) and its text. */
function focused(page: Page): Promise<{ tag: string; label: string; text: string; className: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', label: '', text: '', className: '' };
    const labelledBy = element.getAttribute('aria-labelledby')?.split(' ')[0];
    const label =
      element.getAttribute('aria-label') ??
      (labelledBy
        ? document.getElementById(labelledBy)?.textContent
        : (element as HTMLInputElement).labels?.[0]?.textContent) ??
      '';
    return {
      tag: element.tagName,
      label: label.replace('*', '').trim(),
      text: element.textContent.trim(),
      className: element.getAttribute('class') ?? '',
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element passes `test`; throws after `max` presses. */
async function tabTo(
  page: Page,
  test: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  key = 'Tab',
  max = 60,
): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(key);
    if (test(await focused(page))) return;
  }
  throw new Error(`${key} never reached the element; the focus is on ${JSON.stringify(await focused(page))}`);
}

/**
 * In a focused Mantine Select: ArrowDown opens the list, the arrows walk it, Enter picks the
 * option named `option` (or, when it is a function, the first one it accepts).
 */
async function chooseWithKeys(page: Page, option: string | ((text: string) => boolean)): Promise<string> {
  const wanted = typeof option === 'string' ? (text: string) => text === option : option;
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  for (let presses = 0; presses < 60; presses += 1) {
    const current =
      (
        await listbox
          .locator('[data-combobox-selected]')
          .textContent({ timeout: 2_000 })
          .catch(() => null)
      )?.trim() ?? '';
    if (current && wanted(current)) {
      await page.keyboard.press('Enter');
      await listbox.waitFor({ state: 'hidden' });
      return current;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${String(option)} in the list`);
}

describe('the keyboard alone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('books an appointment on the public form', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/login`);
    await page.waitForLoadState('networkidle');
    // Logging in by keyboard too: type, Tab, type, Enter.
    await field(page, 'Email').focus();
    await page.keyboard.type('customer@salon.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('customer123');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => field(page, 'First name').inputValue()).toBe('Clara');

    const day = dayAhead(33);
    // From the top of the page, Tab walks to the date (past the header and the read-only identity fields).
    await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'Date');
    await page.keyboard.type(shownDate(day));
    await page.keyboard.press('Escape');
    await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'Service');
    expect(await page.getByLabel(/^Date/).inputValue()).toBe(shownDate(day));
    await chooseWithKeys(page, 'Classic Manicure');
    await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'Specialist');
    await chooseWithKeys(page, 'Maya Chen');
    const timeSlot = page.getByLabel(/^Time slot/);
    await expect.poll(() => timeSlot.isEnabled(), { timeout: 10_000 }).toBe(true);
    await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'Time slot');
    const slot = await chooseWithKeys(page, (text) => text.endsWith('PM'));
    expect(await timeSlot.inputValue()).toBe(slot);
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'Book appointment');
    await page.keyboard.press('Enter');
    await toast(page, 'Appointment booked successfully').waitFor();
    await page.screenshot({ path: '/tmp/work/shots-e/keyboard-booked.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moves through the calendar and opens a booking in the back office', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    // A booking to open: the customer's, on a day of its own.
    const day = dayAhead(45);
    const customer = await browser.newPage();
    await loginAsCustomer(customer, baseUrl);
    const status = await bookThroughApi(customer, {
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
      bookingDate: day,
      timeSlot: '10:00',
    });
    expect(status).toBe(200);
    await customer.close();

    const before = new Date(`${day}T12:00:00`);
    before.setDate(before.getDate() - 1);
    const dayBefore = isoDay(before);
    await page.goto(`${baseUrl}/admin/calendar?date=${dayBefore}`);
    const title = page.getByTestId('calendar-title');
    await page.locator('.rbc-time-view').waitFor();
    const longDay = shownDayWithWeekday;

    // Next day: Tab to the Next button, Enter.
    await tabTo(page, (f) => f.label === 'Next');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe(longDay(day));
    expect(page.url()).toContain(`date=${day}`);
    // Back and forth: Shift+Tab to Previous, Space.
    await tabTo(page, (f) => f.label === 'Previous', 'Shift+Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => title.textContent()).toBe(longDay(dayBefore));
    await tabTo(page, (f) => f.label === 'Next');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe(longDay(day));

    // The week view: the arrow keys in the Day / Week switch.
    await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'Day', 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/view=week/);
    await expect.poll(() => title.textContent()).toMatch(/ – /);
    // A day's header in the week opens that day.
    // It reads `Thu 26/11`: the weekday short and dd/mm.
    const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
    const header = `${weekday} ${shownDate(day).slice(0, 5)}`;
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === header);
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe(longDay(day));
    expect(page.url()).not.toContain('view=week');

    // Into the grid: the booking block takes the focus, Enter opens its details.
    await page.locator('.rbc-event:has([data-booking-id])').first().waitFor();
    await tabTo(page, (f) => f.className.includes('rbc-event') && f.text.includes('Classic Manicure'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Booking' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Maya Chen');
    await page.screenshot({ path: '/tmp/work/shots-e/keyboard-calendar-details.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The focus goes back to the block.
    expect((await focused(page)).className).toContain('rbc-event');
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
