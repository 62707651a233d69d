import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  collectPageErrors,
  dayFromToday,
  field,
  fillDate,
  launchBrowser,
  loginAsAdmin,
  toast,
  unexpected,
} from './browser';

const baseUrl = inject('baseUrl');

/** The table row that mentions this text. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The number on a count card ("Total Services" ...). */
async function countOf(page: Page, label: string): Promise<number> {
  const value = page.getByRole('group', { name: label }).getByTestId('count');
  await value.waitFor();
  return Number(await value.textContent());
}

/** Picks options of a Mantine Select or MultiSelect (whose list stays open) by their labels. */
async function choose(dialog: Locator, label: string, options: string[]): Promise<void> {
  const page = dialog.page();
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  for (const option of options) {
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  // Closes an open list without closing the dialog (Escape would do both).
  await dialog.getByRole('heading', { level: 2 }).click();
}

/** What a new visitor sees on the home page: the marquee's text, and whether a text shows. */
async function visitHome(browser: Browser, waitForText?: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/`);
  const marquee = page.getByRole('complementary', { name: 'Discount' });
  await marquee.waitFor();
  if (waitForText) await page.getByText(waitForText).first().waitFor();
  const text = (await marquee.textContent()) ?? '';
  expect(errors).toEqual([]);
  await context.close();
  return text;
}

async function openAsAdmin(browser: Browser, screen: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await loginAsAdmin(browser, baseUrl);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: screen, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: screen }).waitFor();
  return { page, errors };
}

describe('the back-office catalogue in Chromium', () => {
  let browser: Browser;
  let imageFile: string;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    imageFile = join(mkdtempSync(join(tmpdir(), 'salon-catalogue-')), 'picture.jpg');
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#e64980' } })
      .jpeg()
      .toFile(imageFile);
  });
  afterAll(() => browser.close());

  it('shows the spec messages when the service form is sent empty', async () => {
    const { page, errors } = await openAsAdmin(browser, 'Services');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    for (const message of [
      'Image is required',
      'Name is required',
      'Price is required',
      'Duration is required',
      'Category is required',
      'Description is required',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    // Nothing was sent: the dialog stays, the list is unchanged.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('lets the admin add a service with a picture, which the public services page then lists', async () => {
    const { page, errors } = await openAsAdmin(browser, 'Services');
    const name = `E2E Glow Facial ${run}`;
    await row(page, 'Classic Manicure').waitFor();
    const before = await countOf(page, 'Total Services');

    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service' });
    await dialog.locator('input[type="file"]').setInputFiles(imageFile);
    await dialog.getByRole('img', { name: 'Preview of the picked image' }).waitFor();
    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Price').fill('49.50');
    await field(dialog, 'Duration').fill('50');
    await choose(dialog, 'Category', ['Cosmetology']);
    await field(dialog, 'Description').fill('A brightening facial made up for the browser test.');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await toast(page, 'Service created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const added = row(page, name);
    await added.waitFor();
    expect(await added.textContent()).toContain('$49.50');
    expect(await added.textContent()).toContain('50 min');
    expect(await added.textContent()).toContain('Cosmetology');
    await expect.poll(() => countOf(page, 'Total Services')).toBe(before + 1);

    // The search narrows the table to the matching row.
    await page.getByRole('searchbox', { name: 'Search services' }).fill(`glow facial ${run}`);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search services' }).fill('no such service anywhere');
    await page.getByText('No services found').waitFor();

    await page.goto(`${baseUrl}/service`);
    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    const picture = page.getByRole('img', { name, exact: true });
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.getByText(name, { exact: true }).waitFor();

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('lets the admin add a discount, rename it, and delete it after confirming, and the marquee follows', async () => {
    const { page, errors } = await openAsAdmin(browser, 'Discounts');
    const title = `E2E Spring Offer ${run}`;
    const renamed = `E2E Summer Offer ${run}`;
    await row(page, 'Autumn Glow').waitFor();
    const before = await countOf(page, 'Total Discounts');

    await page.getByRole('button', { name: 'Add Discount' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Discount' });
    await addDialog.locator('input[type="file"]').setInputFiles(imageFile);
    await field(addDialog, 'Title').fill(title);
    await field(addDialog, 'Percentage').fill('25');
    await choose(addDialog, 'Categories', ['Nail care', 'SPA procedures']);
    // Started before the demo's discount, so it comes first and runs in the marquee.
    await fillDate(addDialog.getByLabel('Valid From'), dayFromToday(-30));
    await fillDate(addDialog.getByLabel('Valid Till'), dayFromToday(14));
    await addDialog.getByRole('button', { name: 'Add Discount' }).click();
    await toast(page, 'Discount created').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    await row(page, title).getByText('Active', { exact: true }).waitFor();
    await expect.poll(() => countOf(page, 'Total Discounts')).toBe(before + 1);
    expect(await visitHome(browser)).toContain(title);

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Discount' });
    expect(await field(editDialog, 'Title').inputValue()).toBe(title);
    await field(editDialog, 'Title').fill(renamed);
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Discount updated').waitFor();
    await row(page, renamed).waitFor();
    expect(await row(page, title).count()).toBe(0);
    expect(await visitHome(browser)).toContain(renamed);

    // Cancel keeps it; confirming deletes it.
    // Delete sits apart in the row's "⋯" menu.
    await page.getByRole('button', { name: `More actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete discount' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row(page, renamed).count()).toBe(1);
    // Delete sits apart in the row's "⋯" menu.
    await page.getByRole('button', { name: `More actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Discount deleted').waitFor();
    await row(page, renamed).waitFor({ state: 'detached' });
    await expect.poll(() => countOf(page, 'Total Discounts')).toBe(before);
    const marquee = await visitHome(browser);
    expect(marquee).not.toContain(renamed);
    expect(marquee).toContain('Autumn Glow');

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('lets the admin approve the pending review, which then shows among the home page testimonials', async () => {
    const { page, errors } = await openAsAdmin(browser, 'Reviews');
    // The demo's one pending review.
    const pending = row(page, 'My skin felt fresh for days');
    await pending.getByText('Pending', { exact: true }).waitFor();
    const approvedBefore = await countOf(page, 'Approved');

    // The status filter shows only the chosen status.
    const status = page.getByRole('radiogroup', { name: 'Status' });
    await status.getByText('Approved', { exact: true }).click();
    await pending.waitFor({ state: 'detached' });
    await status.getByText('Pending', { exact: true }).click();
    await pending.waitFor();

    await pending.getByRole('button', { name: 'Approve the review by Olivia Brown' }).click();
    await toast(page, 'Review Approved').waitFor();
    // Approved, it leaves the Pending view and shows up under All with its new status.
    await pending.waitFor({ state: 'detached' });
    await status.getByText('All', { exact: true }).click();
    await pending.getByText('Approved', { exact: true }).waitFor();
    expect(await pending.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await expect.poll(() => countOf(page, 'Approved')).toBe(approvedBefore + 1);
    await visitHome(browser, 'My skin felt fresh for days');

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
