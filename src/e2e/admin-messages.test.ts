// Messages in a real browser: Settings > Messages lists what the outbox sent, and the link of a
// review-request e-mail opens the services page with that service picked in the review form.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, field, launchBrowser, loginAsAdmin, toast, unexpected } from './browser';
import { mailFilesTo } from './outbox-mails';

const baseUrl = inject('baseUrl');
const CUSTOMER_EMAIL = 'customer@salon.test';
/** How the back office writes a moment: `09/03/2026, 6:30 PM`. */
const DATE_TIME = String.raw`\d{2}/\d{2}/\d{4}, \d{1,2}:\d{2} (AM|PM)`;

/** How many mails to this address the server has written so far. */
const mailsTo = (address: string): number => mailFilesTo(address).length;

async function openMessages(page: Page, { byAddress = false } = {}): Promise<Locator> {
  // On a phone the admin menu is folded away and the sections are a select: there the section's
  // own address is typed instead.
  if (byAddress) await page.goto(`${baseUrl}/admin/settings/messages`);
  else {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Messages' }).click();
  }
  await page.getByRole('heading', { level: 2, name: 'Messages' }).waitFor();
  return page.getByRole('table', { name: 'Messages' });
}

/** The text of each cell of each body row. */
const bodyRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent.trim())));

describe('Settings > Messages in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists a password reset mail as sent, and filters to sent messages only', async () => {
    // A customer asks for a reset link, as on the site.
    const before = mailsTo(CUSTOMER_EMAIL);
    const guest = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const guestErrors = collectPageErrors(guest);
    await guest.goto(`${baseUrl}/forgot-password`);
    await field(guest, 'Email').fill(CUSTOMER_EMAIL);
    await guest.getByRole('button', { name: 'Send reset link' }).click();
    await toast(guest, 'Password reset link sent! Please check your email.').waitFor();
    expect(guestErrors).toEqual([]);
    await guest.close();
    await expect.poll(() => mailsTo(CUSTOMER_EMAIL), { timeout: 10_000 }).toBeGreaterThan(before);

    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    const table = await openMessages(page);
    // Newest first; the view refreshes itself every 10 s, so a row still being sent turns Sent.
    const resetRow = table
      .getByRole('row')
      .filter({ hasText: 'Password reset' })
      .filter({ hasText: CUSTOMER_EMAIL })
      .first();
    await resetRow.filter({ hasText: 'Sent' }).waitFor({ timeout: 15_000 });
    const cells = await resetRow.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('Password reset');
    expect(cells[1]).toBe(CUSTOMER_EMAIL);
    expect(cells[2]).toBe('Sent');
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    // Sent without a hitch: no last error to show.
    expect(cells[4]).toBe('');
    expect(cells[5]).toMatch(new RegExp(`^${DATE_TIME}sent ${DATE_TIME}$`));
    // Only a failed message can be sent again.
    expect(await resetRow.getByRole('button', { name: /^Resend/ }).count()).toBe(0);

    const filters = page.getByRole('radiogroup', { name: 'Status' });
    const sentChip = filters.getByRole('radio', { name: /^Sent/ });
    expect(await sentChip.isChecked()).toBe(false);
    expect(
      Number(/\d+/.exec((await filters.locator('label', { hasText: 'Sent' }).textContent()) ?? '')?.[0]),
    ).toBeGreaterThanOrEqual(1);
    await filters.locator('label', { hasText: 'Sent' }).click();
    expect(await sentChip.isChecked()).toBe(true);
    await expect
      .poll(async () => {
        const rows = await bodyRows(table);
        return rows.length > 0 && rows.every((row) => row[2] === 'Sent');
      })
      .toBe(true);
    await resetRow.waitFor();
    expect(await table.getByRole('button', { name: /^Resend/ }).count()).toBe(0);

    // Back to every message: the filter is undone.
    await filters.locator('label', { hasText: 'All' }).click();
    await expect.poll(() => filters.getByRole('radio', { name: /^All/ }).isChecked()).toBe(true);
    await resetRow.waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('reads well on a phone: the table scrolls inside its frame, the page does not', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    const table = await openMessages(page, { byAddress: true });
    await table.getByRole('row').filter({ hasText: 'Password reset' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('the review link of a review-request e-mail', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('opens the services page with that service picked in the review form, scrolled into view', async () => {
    const listed = (await (await fetch(`${baseUrl}/api/v1/services`)).json()) as {
      data: { _id: string; name: string }[];
    };
    const service = listed.data.find((entry) => entry.name === 'Gel Pedicure');
    expect(service).toBeDefined();
    if (!service) return;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/service?review=${encodeURIComponent(service._id)}#review`);
    const reviewForm = page.getByRole('region', { name: 'Leave a review' });
    const picked = reviewForm.getByRole('combobox', { name: 'Service' });
    await picked.waitFor();
    await expect.poll(() => picked.inputValue()).toBe('Gel Pedicure');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const box = document.getElementById('review')?.getBoundingClientRect();
          return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);

    // A link naming no service on offer leaves the choice to the visitor.
    await page.goto(`${baseUrl}/service?review=no-such-service`);
    await reviewForm.getByRole('combobox', { name: 'Service' }).waitFor();
    expect(await reviewForm.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });
});
