// The till in a real browser. Reception sells a gift voucher at the desk, then checks out a booked
// visit from the appointments list: a changed price (with its reason), a tip for the specialist,
// part paid with the voucher and the rest in cash; the receipt shows the right totals and prints
// alone, narrow; the calendar's checkout of the paid visit shows its receipt; refunds are not hers
// to give. She sells a product to a walk-in. The owner gives $5 back in cash, counts the day's cash
// and finds the count in the history. The Till page has no serious accessibility fault at a desk's
// width or a phone's.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  bookThroughApi,
  collectPageErrors,
  field,
  launchBrowser,
  loginAsAdminOn,
  loginAsCustomer,
  pick,
  toast,
  unexpected,
  workdayAhead,
} from './browser';
import { maskedCode } from '@/shared/receipt';
import { seriousViolations } from './axe';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';
// A day and a name no other browser test books with.
const DAY = workdayAhead(36);
const BOOKED_AS = { firstName: 'Tilly', lastName: 'Tillson' };

/** Reception (Rita Desk), logged in through /admin/login on a page of its own, `width` px wide. */
async function loginAsReception(browser: Browser, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 812 : 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/admin/login`);
  await field(page, 'Email').fill('reception@salon.test');
  await field(page, 'Password').fill('reception123');
  await page.getByRole('button', { name: 'Login' }).click();
  // A receptionist's first page is the calendar.
  await page.waitForURL(`${baseUrl}/admin/calendar`);
  return { page, errors };
}

/** The text of a receipt's rows, label and amount, in order. */
async function receiptRows(scope: Page | Locator): Promise<string[]> {
  const rows = scope.getByRole('table', { name: /^Receipt \d+$/ }).getByRole('row');
  return (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('the till', () => {
  let browser: Browser;
  let voucherCode = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    // The demo customer books a manicure under another name: the visit to check out.
    const customer = await browser.newPage();
    await loginAsCustomer(customer, baseUrl);
    const status = await bookThroughApi(customer, {
      ...BOOKED_AS,
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
      bookingDate: DAY,
      timeSlot: '14:00',
    });
    expect(status).toBe(200);
    await customer.close();
  });

  afterAll(() => browser.close());

  it('lets reception sell a gift voucher and shows the voucher to print', async () => {
    const { page, errors } = await loginAsReception(browser);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Till', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Till' }).waitFor();
    await page.getByRole('tab', { name: 'Gift vouchers' }).click();
    await page.waitForURL(`${baseUrl}/admin/till/vouchers`);

    const form = page.getByRole('form', { name: 'Sell a gift voucher' });
    await form.getByRole('textbox', { name: 'Value' }).fill('30');
    await form.getByText('Cash', { exact: true }).click();
    await form.getByRole('textbox', { name: 'For', exact: true }).fill('Tilly Tillson');
    await form.getByRole('textbox', { name: 'From', exact: true }).fill('Her sister');
    await form.getByRole('button', { name: 'Sell voucher' }).click();

    const sold = page.getByRole('dialog', { name: 'Gift voucher sold' });
    await sold.waitFor();
    voucherCode = ((await sold.getByTestId('voucher-code').textContent()) ?? '').trim();
    expect(voucherCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await sold.innerText()).toContain('$30');
    await toast(page, `Gift voucher ${voucherCode} sold for $30`).waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SHOTS}/till-voucher-print.png` });
    await page.emulateMedia({ media: 'screen' });
    await sold.getByRole('button', { name: 'Done' }).click();

    // The list has it, active at its full value.
    const row = page.getByRole('table', { name: 'Gift vouchers' }).getByRole('row').filter({ hasText: voucherCode });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Active[\s\S]*\$30\.00[\s\S]*\$30\.00/);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('checks out a booked visit paid partly by the voucher and the rest in cash, and prints the receipt', async () => {
    expect(voucherCode).not.toBe('');
    const { page, errors } = await loginAsReception(browser);
    await page.goto(`${baseUrl}/admin/appointments`);
    await page.getByPlaceholder('Search appointments...').fill('Tilly Tillson');
    const row = page.getByRole('row').filter({ hasText: 'booked as Tilly Tillson' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Check out / }).click();

    const dialog = page.getByRole('dialog', { name: /^Check out / });
    await dialog.getByRole('textbox', { name: 'Price of Classic Manicure' }).waitFor();
    // The visit is weeks ahead: the desk is told what paying now does.
    expect(await dialog.getByRole('alert').innerText()).toMatch(
      /^This visit is on \w+ \d{2}\/\d{2}\/\d{4}\s+Paid now, it is marked completed today and its reminder is not sent\.$/,
    );
    // A new price asks why.
    const price = dialog.getByRole('textbox', { name: 'Price of Classic Manicure' });
    await price.fill('40');
    await dialog.getByRole('textbox', { name: 'Why the price changed' }).fill('Nail art added');
    await dialog.getByRole('textbox', { name: 'Tip for Maya Chen' }).fill('5');
    // The one payment line started at the booked price; the summary says what is left.
    const summary = dialog.getByRole('group', { name: 'Summary' });
    await expect
      .poll(() => summary.innerText())
      .toMatch(/Total\s*\$40\.00[\s\S]*Tips\s*\$5\.00[\s\S]*Paid\s*\$25\.00[\s\S]*Left to pay\s*\$20\.00/);

    // The voucher pays $30 of it, cash the rest.
    const first = dialog.getByRole('group', { name: 'Payment', exact: true });
    await pick(first, 'Method', 'Gift voucher');
    await first.getByRole('textbox', { name: 'Amount' }).fill('30');
    await first.getByRole('textbox', { name: 'Voucher code' }).fill(voucherCode.toLowerCase());
    await first.getByText('$30 left').waitFor();
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    const second = dialog.getByRole('group', { name: 'Payment 2', exact: true });
    await pick(second, 'Method', 'Cash');
    expect(await second.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('$15');
    await expect.poll(() => summary.innerText()).toMatch(/Paid\s*\$45\.00[\s\S]*Left to pay\s*\$0\.00/);
    await dialog.screenshot({ path: `${SHOTS}/till-checkout-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Take payment $45' }).click();

    const receipt = page.getByRole('dialog', { name: /^Receipt \d+$/ });
    await receipt.waitFor();
    const paidToast = toast(page, 'Paid $45: receipt');
    await paidToast.waitFor();
    const number = /receipt (\d+)/.exec(await paidToast.innerText())?.[1] ?? '?';
    expect(await receiptRows(receipt)).toEqual([
      'Classic Manicure (Maya Chen) $40.00',
      'Total $40.00',
      'Tip for Maya Chen $5.00',
      // The code spends like cash: the receipt shows its last four characters only.
      `Paid by gift voucher ${maskedCode(voucherCode)} $30.00`,
      'Paid by cash $15.00',
    ]);
    expect(await receipt.innerText()).toContain('For Tilly Tillson');

    // On paper: the receipt alone, narrow, with the same rows.
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.till-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(false);
    const box = await printed.boundingBox();
    expect(box?.width).toBeLessThan(300);
    expect(await receiptRows(printed)).toContain('Paid by cash $15.00');
    expect(await printed.innerText()).toContain('Rose Beauty Salon');
    await page.screenshot({ path: `${SHOTS}/till-receipt-print.png` });
    await page.emulateMedia({ media: 'screen' });
    await page.screenshot({ path: `${SHOTS}/till-receipt-1280.png` });
    await receipt.getByRole('button', { name: 'Done' }).click();

    // The visit is completed and paid: its row and its booking in the calendar offer the receipt,
    // not a second checkout.
    await expect.poll(() => row.getByRole('combobox', { name: /^Status of / }).inputValue()).toBe('Completed');
    await row.getByRole('button', { name: new RegExp(`^Receipt ${number}, `) }).waitFor();
    expect(await row.getByRole('button', { name: /^Check out / }).count()).toBe(0);
    await row.screenshot({ path: `${SHOTS}/till-paid-row-1280.png` });
    await row.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Open in calendar' }).click();
    const details = page.getByRole('dialog', { name: 'Booking' });
    expect(await details.getByRole('button', { name: 'Check out' }).count()).toBe(0);
    await details.getByRole('button', { name: `Receipt ${number}` }).click();
    await details.waitFor({ state: 'hidden' });
    const again = page.getByRole('dialog', { name: `Receipt ${number}` });
    await again.waitFor();
    expect(await receiptRows(again)).toContain('Paid by cash $15.00');
    await again.getByRole('button', { name: 'Done' }).click();
    await again.waitFor({ state: 'hidden' });

    // The sale is in today's sales, and the voucher's balance is spent.
    await page.goto(`${baseUrl}/admin/till`);
    const sale = page.getByRole('table', { name: 'Sales' }).getByRole('row').filter({ hasText: 'Tilly Tillson' });
    await sale.waitFor();
    expect(await sale.innerText()).toContain('$45.00');
    // Reception prints and e-mails a past receipt, but refunds are the managers'.
    await sale.getByRole('button', { name: /^Receipt \d+$/ }).click();
    const past = page.getByRole('dialog', { name: /^Receipt \d+$/ });
    await past.getByRole('button', { name: 'Print receipt' }).waitFor();
    expect(await past.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await past.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Gift vouchers' }).click();
    const voucherRow = page
      .getByRole('table', { name: 'Gift vouchers' })
      .getByRole('row')
      .filter({ hasText: voucherCode });
    await expect.poll(() => voucherRow.innerText()).toMatch(/Spent/);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('sells a product at the desk without a booking', async () => {
    const { page, errors } = await loginAsReception(browser);
    await page.goto(`${baseUrl}/admin/till/new-sale`);
    const form = page.getByRole('tabpanel', { name: 'New sale' });
    await form.getByRole('textbox', { name: 'Customer' }).fill('Walk-in Wendy');
    await form.getByText('Product', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Product' }).fill('Argan hair oil');
    await form.getByRole('textbox', { name: 'Price' }).fill('18.50');
    await form.getByRole('button', { name: 'Add to sale' }).click();
    await form.getByRole('textbox', { name: 'Price of Argan hair oil' }).waitFor();
    await pick(form, 'Method', 'Cash');
    await form.getByRole('button', { name: 'Make payment 1 the rest' }).click();
    expect(await form.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('$18.5');
    await form.getByRole('button', { name: 'Take payment $18.50' }).click();
    await toast(page, 'Paid $18.50: receipt').waitFor();
    expect(await receiptRows(form)).toEqual(['Argan hair oil $18.50', 'Total $18.50', 'Paid by cash $18.50']);
    expect(await form.innerText()).toContain('For Walk-in Wendy');
    await form.getByRole('button', { name: 'New sale' }).click();
    await form.getByRole('button', { name: 'Add to sale' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('lets the owner refund part of a sale, count the day’s cash and find the count in the history', async () => {
    const { page, errors } = await loginAsAdminOn(browser, baseUrl, 1280);
    // First $5 of the visit goes back in cash: the drawer should hold that much less.
    await page.goto(`${baseUrl}/admin/till`);
    const sale = page.getByRole('table', { name: 'Sales' }).getByRole('row').filter({ hasText: 'Tilly Tillson' });
    await sale.getByRole('button', { name: /^Receipt \d+$/ }).click();
    const receipt = page.getByRole('dialog', { name: /^Receipt \d+$/ });
    await receipt.getByRole('button', { name: 'Refund' }).click();
    await receipt.getByRole('textbox', { name: 'Amount' }).fill('5');
    await pick(receipt, 'Given back by', 'Cash');
    await receipt.getByRole('textbox', { name: 'Reason' }).fill('Chipped polish');
    await receipt.screenshot({ path: `${SHOTS}/till-refund-1280.png` });
    await receipt.getByRole('button', { name: 'Record refund' }).click();
    await toast(page, 'Refunded').waitFor();
    await expect.poll(async () => receiptRows(receipt)).toContain('Refunded -$5.00');
    expect(await receipt.innerText()).toContain('Chipped polish');
    await page.screenshot({ path: `${SHOTS}/till-sale-owner-1280.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Cash-up' }).click();
    await page.getByRole('heading', { name: 'Count the drawer' }).waitFor();
    await page.getByRole('textbox', { name: 'Float' }).fill('100');
    await page.getByRole('textbox', { name: 'Counted cash' }).fill('140');
    await page.getByRole('textbox', { name: 'Note' }).fill('Counted by the owner');
    await page.getByRole('button', { name: 'Record cash-up' }).click();
    await toast(page, 'Cash-up recorded').waitFor();
    const result = page.getByRole('region', { name: 'Cash-up result' });
    await result.waitFor();
    const figure = async (name: string) =>
      Number(
        ((await result.getByRole('group', { name }).getByTestId('figure').textContent()) ?? '').replace(/[$,]/g, ''),
      );
    // The float, the voucher's $30 and the visit's $15 in cash, less the $5 back (other tests may sell too).
    const expected = await figure('Expected');
    expect(expected).toBeGreaterThanOrEqual(140);
    expect(await figure('Counted')).toBe(140);
    expect(await figure('Difference')).toBeCloseTo(140 - expected, 2);

    const history = page.getByRole('table', { name: 'Cash-ups' });
    const counted = history.getByRole('row').filter({ hasText: 'Counted by the owner' });
    await counted.waitFor();
    expect(await counted.innerText()).toContain('$140.00');
    await page.screenshot({ path: `${SHOTS}/till-cash-up-1280.png`, fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility fault on the Till page at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, errors } = await loginAsReception(browser, width);
      for (const tab of ['', '/new-sale', '/vouchers', '/cash-up']) {
        await page.goto(`${baseUrl}/admin/till${tab}`);
        await page.getByRole('heading', { level: 1, name: 'Till' }).waitFor();
        await page.getByRole('tabpanel').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page), `${tab || '/sales'} at ${String(width)} px`).toEqual([]);
        const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(scrolls, `${tab || '/sales'} scrolls sideways at ${String(width)} px`).toBe(false);
        await page.screenshot({
          path: `${SHOTS}/till${tab.replace('/', '-') || '-sales'}-${String(width)}.png`,
          fullPage: true,
        });
      }
      expect(unexpected(errors)).toEqual([]);
      await page.context().close();
    }
  });
});
