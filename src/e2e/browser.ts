import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium, started as this machine allows (no sandbox as root, no background traffic);
 * Playwright gives it a fresh profile folder of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Everything the page complained about: console errors (CSP violations among them) and crashes. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * An admin page opened before login asks `admin.account.me` (and the refresh it triggers), and
 * Chromium reports those 401 answers as console errors of its own. They, and nothing else, are
 * expected; public pages make no such calls.
 */
const EXPECTED_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
export const unexpected = (errors: string[]) => errors.filter((error) => error !== EXPECTED_401);

/** Whether the app has taken over the server's markup (hydrateRoot marks its container). */
export const appHydrated = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

/**
 * Turns the mouse wheel a little, as a visitor going on from a page's first screen does: the
 * forms below it are built then (components/deferred-section.tsx).
 */
export async function goOnFromFirstScreen(page: Page): Promise<void> {
  await page.mouse.wheel(0, 100);
}

/** A Mantine toast (role alert) with this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A text field by its label; Mantine's required asterisk is not part of the accessible name. */
export const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A field by the start of its label text; Mantine's required asterisk follows the label's words. */
export const labelled = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\b`));

/** Opens a Mantine Select by its label (inside `scope`) and picks an option from its list. */
export async function pick(scope: Page | Locator, label: string, option: string): Promise<void> {
  await labelled(scope, label).click();
  const page = 'goto' in scope ? scope : scope.page();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** `2026-11-24` -> `24/11/2026`: how the app's date fields (and tables) show a day. */
export const shownDate = (day: string) => day.split('-').reverse().join('/');

/**
 * Types a day (`YYYY-MM-DD`) into one of the app's date fields key by key, as dd/mm/yyyy, and
 * leaves the field, which closes its calendar. Throws when the field did not take the day (one
 * out of its range is put back on leaving).
 */
export async function fillDate(input: Locator, day: string): Promise<void> {
  const shown = shownDate(day);
  await input.fill('');
  await input.pressSequentially(shown);
  await input.blur();
  const value = await input.inputValue();
  if (value !== shown) throw new Error(`the date field shows "${value}" after typing ${shown}`);
}

/**
 * `2026-11-26` -> `Thursday 26/11/2026`: how the app writes a day that stands alone (a heading, a
 * sentence, a mail). Worked out here, not with the app's formatter, so a test catches a change of it.
 */
export function shownDayWithWeekday(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${shownDate(day)}`;
}

/** `14:30` -> `2:30 PM`, `00:15` -> `12:15 AM`: how the app writes a clock time for people. */
export function shownTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${String(hours % 12 === 0 ? 12 : hours % 12)}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `14:30` -> `02:30 PM`: what one of the app's time fields shows in its hours, minutes and AM/PM. */
function fieldTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `2026-11-24T09:30` -> `24/11/2026 09:30 AM`: how a date-time field shows a moment. */
export function shownDateTime(moment: string): string {
  const [day = '', time = ''] = moment.split('T');
  return `${shownDate(day)} ${fieldTime(time)}`;
}

/**
 * What one of the app's time fields (or the time part of a date-time field) shows: `09:30 AM`;
 * '' when it is empty.
 */
export async function timeShown(scope: Locator): Promise<string> {
  const hours = await scope.getByRole('spinbutton').first().inputValue();
  const minutes = await scope.getByRole('spinbutton').last().inputValue();
  const amPm = await scope.getByRole('combobox').inputValue();
  return hours === '' && minutes === '' && amPm === '' ? '' : `${hours}:${minutes} ${amPm}`;
}

/** What one of the app's date-time fields (its group, named by its label) shows: `24/11/2026 09:30 AM`; '' when empty. */
export async function dateTimeShown(group: Locator): Promise<string> {
  const day = await group.getByRole('textbox').inputValue();
  return [day, await timeShown(group)].filter(Boolean).join(' ');
}

/**
 * Types a time (`HH:MM`, 24-hour) into one of the app's time fields (or the time part of a
 * date-time field) as a keyboard does: clicked on the hours, then `0230p` (the hours move on to
 * the minutes and the minutes to AM/PM by themselves). Throws when the field does not show it.
 */
export async function fillTime(scope: Locator, time: string): Promise<void> {
  await scope.getByRole('spinbutton').first().click();
  const shown = fieldTime(time);
  await scope.page().keyboard.type(`${shown.slice(0, 5).replace(':', '')}${shown.endsWith('AM') ? 'a' : 'p'}`);
  await scope.getByRole('combobox').blur();
  const now = await timeShown(scope);
  if (now !== shown) throw new Error(`the time field shows "${now}" after typing ${time}`);
}

/**
 * Fills one of the app's date-time fields (its group, named by its label) with a moment
 * (`YYYY-MM-DDTHH:MM`): the day typed as dd/mm/yyyy, then the time as a keyboard types it
 * (see fillTime). Throws when the field does not show it.
 */
export async function fillDateTime(group: Locator, moment: string): Promise<void> {
  const [day = '', time = ''] = moment.split('T');
  await fillDate(group.getByRole('textbox'), day);
  await fillTime(group, time);
  const shown = await dateTimeShown(group);
  if (shown !== shownDateTime(moment)) throw new Error(`the date-time field shows "${shown}" after typing ${moment}`);
}

/** The text of the elements that describe a field: Mantine links its error message there. */
export async function describedBy(input: Locator): Promise<string> {
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => input.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

// Days on this machine's calendar: the e2e server's salon zone, and the browser's, are this machine's.

/** `YYYY-MM-DD` of a date. */
export const isoDay = (date: Date): string =>
  `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The date `days` after today (before it when negative). */
export function dateFromToday(days: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date;
}

/** `YYYY-MM-DD`, `days` after today. */
export const dayFromToday = (days: number): string => isoDay(dateFromToday(days));

/** The first day `ahead` or more days from now that falls on one of `weekdays` (0 = Sunday), `YYYY-MM-DD`. */
export function dayAheadOn(ahead: number, weekdays: readonly number[]): string {
  const day = dateFromToday(ahead);
  while (!weekdays.includes(day.getDay())) day.setDate(day.getDate() + 1);
  return isoDay(day);
}

/** A Tuesday-to-Friday day `ahead` or more days from now (the demo specialists all work then), `YYYY-MM-DD`. */
export const workdayAhead = (ahead: number): string => dayAheadOn(ahead, [2, 3, 4, 5]);

/**
 * The demo customer, logged in through /login on `page`, which lands on the home page. The page is
 * server-rendered: its form works once its script has taken over (the network is idle).
 */
export async function loginAsCustomer(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForLoadState('networkidle');
  await field(page, 'Email').fill('customer@salon.test');
  await field(page, 'Password').fill('customer123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Books as the customer signed in on `page`, through /trpc as the booking form does: the HTTP status. */
export function bookThroughApi(
  page: Page,
  booking: {
    service: string;
    specialist: string;
    bookingDate: string;
    timeSlot: string;
    /** Names other than the account's, as someone booking for another person gives. */
    firstName?: string;
    lastName?: string;
  },
): Promise<number> {
  return page.evaluate(async (body) => {
    const response = await fetch('/trpc/customer.bookings.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, booking);
}

/** Logs the demo admin in through /admin/login on `page`, which lands on the dashboard. */
async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await field(page, 'Email').fill('admin@salon.test');
  await field(page, 'Password').fill('admin12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/** The demo admin, logged in through /admin/login on a new page that lands on the dashboard. */
export async function loginAsAdmin(browser: Browser, baseUrl: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = collectPageErrors(page);
  await signInAsAdmin(page, baseUrl);
  return { page, errors };
}

/**
 * The demo admin on a page of its own context, `width` px wide: narrower than 600 px, a phone
 * (touched, not clicked). Close it with `page.context().close()`.
 */
export async function loginAsAdminOn(
  browser: Browser,
  baseUrl: string,
  width: number,
): Promise<{ page: Page; errors: string[] }> {
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 812 : 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInAsAdmin(page, baseUrl);
  return { page, errors };
}

/** The middle of an element across, and near its top (a calendar block's grip), on screen. */
export async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + Math.min(12, box.height / 2) };
}

/** Drags with the mouse, in small steps as a hand does, so the calendar sees a drag. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}
