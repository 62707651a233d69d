// The back office's lists in a real browser, on a laptop (1280 px) and a phone (375 px): every
// list fits the page without scrolling it sideways; a short list's rows can all be reached and read
// in its 400 px box, the last one whole; on a phone each row is a card whose actions are on screen
// and answer a tap, and Delete always asks first. Set ADMIN_LISTS_SHOTS to a folder to keep a
// picture of every list at both widths.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayFromToday, field, launchBrowser, loginAsAdminOn, shownDate, unexpected } from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.ADMIN_LISTS_SHOTS;
const WIDTHS = [1280, 375] as const;

interface Screen {
  name: string;
  path: string;
  /** The table's accessible name. */
  table: string;
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/admin', table: 'Recent Appointments' },
  { name: 'appointments', path: '/admin/appointments', table: 'Appointments' },
  { name: 'customers', path: '/admin/customers', table: 'Customers' },
  { name: 'services', path: '/admin/services', table: 'Services' },
  { name: 'specialists', path: '/admin/specialists', table: 'Specialists' },
  { name: 'reviews', path: '/admin/reviews', table: 'Reviews' },
  { name: 'discounts', path: '/admin/discounts', table: 'Discounts' },
  { name: 'messages', path: '/admin/settings/messages', table: 'Messages' },
  { name: 'team', path: '/admin/settings/team', table: 'Team' },
];

/**
 * How many services the Services page says it has ("Total Services"): the demo's 10, and those
 * other browser tests added before this one. Every one of them must be in the list.
 */
async function totalServices(page: Page): Promise<number> {
  const count = page.getByRole('group', { name: 'Total Services' }).getByTestId('count');
  await expect.poll(async () => Number(await count.textContent())).toBeGreaterThanOrEqual(10);
  return Number(await count.textContent());
}

const login = (browser: Browser, width: number) => loginAsAdminOn(browser, baseUrl, width);

async function open(page: Page, screen: Screen): Promise<Locator> {
  await page.goto(`${baseUrl}${screen.path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const table = page.getByRole('table', { name: screen.table, exact: true });
  // Its rows are in (the header row is only drawn on a laptop).
  await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
  return table;
}

/** How far the page reaches past the screen's right edge (0: no sideways scrolling). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The box a table's rows scroll in. */
const scrollBox = (table: Locator) =>
  table.locator('xpath=ancestor::*[contains(@class, "mantine-ScrollArea-viewport")]');

/** The list's frame, whose data attributes say which edges have more behind them. */
const frame = (table: Locator) => table.locator('xpath=ancestor::*[contains(@class, "mantine-Paper-root")][1]');

describe('the back-office lists in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser.close());

  for (const width of WIDTHS) {
    it(`fits every list in ${String(width)} px, the rows and their actions on screen`, async () => {
      const { page, errors } = await login(browser, width);
      for (const screen of SCREENS) {
        const table = await open(page, screen);
        // (Once the admin layout has finished sliding its side bar away.)
        await expect.poll(() => sidewaysOverflow(page), { message: screen.name }).toBeLessThanOrEqual(0);
        if (width < 600) {
          // A card per row: every cell of the first row, its actions among them, within the screen.
          const first = table.locator('tbody tr').first();
          await first.scrollIntoViewIfNeeded();
          for (const cell of await first.getByRole('cell').all()) {
            const box = await cell.boundingBox();
            if (!box) continue; // an empty cell is left off the card
            expect(box.x, `${screen.name}: a cell starts off screen`).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width, `${screen.name}: a cell ends off screen`).toBeLessThanOrEqual(width);
          }
        }
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `${screen.name}-${String(width)}.png`), fullPage: true });
      }
      // A customer's record: their bookings in the same lists.
      await page.goto(`${baseUrl}/admin/customers`);
      await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Clara Demo' }).click();
      await page.getByRole('table').last().locator('tbody tr:not([aria-hidden])').first().waitFor();
      await expect.poll(() => sidewaysOverflow(page), { message: 'customer record' }).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `customer-${String(width)}.png`), fullPage: true });
      expect(unexpected(errors)).toEqual([]);
      await page.context().close();
    });
  }

  it('shows all of a short list in its box on a laptop: a visible scrollbar, a hint, the last row whole', async () => {
    const { page, errors } = await login(browser, 1280);
    const table = await open(
      page,
      SCREENS.find((screen) => screen.name === 'services')!,
    );
    const rows = table.locator('tbody tr');
    const total = await totalServices(page);
    await expect.poll(() => rows.count()).toBe(total);
    const box = scrollBox(table);
    const listFrame = frame(table);

    // More rows than the box holds: the scrollbar shows without a hover, and a hint says so.
    const bar = listFrame.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]');
    // (Once the box has measured its rows.)
    await expect.poll(() => bar.isVisible()).toBe(true);
    await expect.poll(() => listFrame.getAttribute('data-more-below')).not.toBeNull();
    expect(await listFrame.getByText('Scroll for more').isVisible()).toBe(true);

    // Scrolled to its end: the header stays put, the last row is whole inside the box, the hint goes.
    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => listFrame.getAttribute('data-more-below')).toBeNull();
    const boxRect = (await box.boundingBox())!;
    const header = (await table.locator('thead').boundingBox())!;
    expect(Math.abs(header.y - boxRect.y)).toBeLessThanOrEqual(1);
    const last = (await rows.last().boundingBox())!;
    expect(last.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(last.y + last.height).toBeLessThanOrEqual(boxRect.y + boxRect.height + 1);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('shows each review’s whole comment on a phone, where nothing hovers, and three lines of it on a laptop', async () => {
    for (const width of WIDTHS) {
      const { page, errors } = await login(browser, width);
      const table = await open(
        page,
        SCREENS.find((screen) => screen.name === 'reviews')!,
      );
      const comment = table.getByRole('cell').filter({ hasText: 'Flawless all night!' }).locator('p').first();
      // Its lines on screen, and those cut off below them.
      const lines = await comment.evaluate((element) => {
        const line = Number.parseFloat(getComputedStyle(element).lineHeight);
        return {
          shown: Math.round(element.clientHeight / line),
          hidden: Math.round((element.scrollHeight - element.clientHeight) / line),
        };
      });
      if (width === 375) expect(lines.hidden, 'nothing cut off on a phone').toBe(0);
      else expect(lines.shown, 'three lines at most in the table').toBeLessThanOrEqual(3);
      expect(unexpected(errors)).toEqual([]);
      await page.context().close();
    }
  });

  it('lists every service as a card on a phone, whose Edit opens with a tap and whose Delete asks first', async () => {
    const { page, errors } = await login(browser, 375);
    const table = await open(
      page,
      SCREENS.find((screen) => screen.name === 'services')!,
    );
    const cards = table.getByRole('row');
    const total = await totalServices(page);
    await expect.poll(() => cards.count()).toBe(total);
    // Every card can be reached on the page itself, the last one included.
    await cards.last().scrollIntoViewIfNeeded();
    expect(
      await cards
        .last()
        .getByRole('button', { name: /^Edit / })
        .isVisible(),
    ).toBe(true);

    const name = 'Haircut & Styling';
    const card = cards.filter({ hasText: name });
    await card.getByRole('button', { name: `Edit ${name}` }).tap();
    const editor = page.getByRole('dialog', { name: 'Edit Service' });
    await editor.waitFor();
    expect(await field(editor, 'Name').inputValue()).toBe(name);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // Delete is in the row's menu, apart from Edit, and only asks.
    await card.getByRole('button', { name: `More actions for ${name}` }).tap();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'services-menu-375.png') });
    await page.getByRole('menuitem', { name: `Delete ${name}` }).tap();
    const confirm = page.getByRole('dialog', { name: 'Delete service' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).tap();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => cards.count()).toBe(total);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("shows each specialist's week with its breaks and their time off ahead; Edit hours answers a tap on a phone", async () => {
    const { page, errors } = await login(browser, 375);
    const specialists = (await (await page.request.get(`${baseUrl}/api/v1/specialists`)).json()) as {
      data: { _id: string; name: string }[];
    };
    const sofia = specialists.data.find((specialist) => specialist.name === 'Sofia Rossi');
    expect(sofia).toBeDefined();
    if (!sofia) return;
    const day = dayFromToday(40);
    const added = await page.request.post(`${baseUrl}/api/v1/admin/specialists/${sofia._id}/time-off`, {
      data: { startsAt: `${day}T09:00`, endsAt: `${day}T13:00`, reason: 'Training' },
    });
    expect(added.status()).toBe(201);
    const timeOffId = ((await added.json()) as { data: { _id: string } }).data._id;
    try {
      const table = await open(
        page,
        SCREENS.find((screen) => screen.name === 'specialists')!,
      );
      const card = table.getByRole('row').filter({ hasText: sofia.name });
      // The demo week of Sofia has a lunch break on weekdays: both halves are listed.
      const hours = card.getByRole('cell').filter({ hasText: 'Edit hours' });
      await expect.poll(() => hours.textContent()).toMatch(/Mon–Fri.*1:30 PM.*2:30 PM/);
      expect(await hours.textContent()).toContain(shownDate(day));
      if (SHOTS) {
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, 'specialists-time-off-375.png') });
      }

      await card.getByRole('button', { name: `Edit hours & time off of ${sofia.name}` }).tap();
      await page.getByRole('dialog', { name: `Hours & time off: ${sofia.name}` }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.request.delete(`${baseUrl}/api/v1/admin/specialists/${sofia._id}/time-off/${timeOffId}`);
      await page.context().close();
    }
  });
});
