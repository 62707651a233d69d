// Reminder e-mails in Chromium: the switch in My account, and the page the unsubscribe link of a
// reminder opens (from the mail, so in a browser that is not logged in).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser, loginAsCustomer, toast, unexpected, workdayAhead } from './browser';

const baseUrl = inject('baseUrl');
const databaseFile = join(inject('dataDir'), 'salon.db');
const SHOTS = '/tmp/shots';

describe('reminder e-mails', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('turns reminders off with the unsubscribe link and on again in My account', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginAsCustomer(page, baseUrl);
    const errors = collectPageErrors(page);
    // A booking far enough ahead to have a reminder waiting, and with it the customer's link.
    const booked = await page.request.post(`${baseUrl}/api/v1/users/appointment`, {
      data: { bookingDate: workdayAhead(47), timeSlot: '16:00', service: 'Classic Manicure', specialist: 'Maya Chen' },
    });
    expect(booked.status()).toBe(201);
    const database = new Database(databaseFile, { readonly: true });
    const token = database
      .prepare<[], { token: string }>(
        "SELECT unsubscribe_token AS token FROM users WHERE email = 'customer@salon.test'",
      )
      .get()?.token;
    database.close();
    expect(token).toMatch(/^[a-z2-7]+$/);

    // Opened from the mail on a phone: a page with a button; opening it changes nothing.
    const fromMail = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const mailErrors = collectPageErrors(fromMail);
    await fromMail.goto(`${baseUrl}/unsubscribe/${token ?? ''}`);
    await fromMail.getByRole('heading', { name: 'Unsubscribe', level: 1 }).waitFor();
    await fromMail.screenshot({ path: `${SHOTS}/unsubscribe-375.png`, fullPage: true });
    await page.goto(`${baseUrl}/my-account`);
    const toggle = page.getByRole('switch', { name: 'Reminders and review requests' });
    await expect.poll(() => toggle.isChecked()).toBe(true);

    await fromMail.getByRole('button', { name: 'Unsubscribe' }).click();
    await fromMail.getByText('You will get no more reminders or review requests by e-mail.').waitFor();
    await fromMail.screenshot({ path: `${SHOTS}/unsubscribed-375.png`, fullPage: true });
    expect(unexpected(mailErrors)).toEqual([]);

    // My account shows it off; the customer turns it on again.
    await page.reload();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await page.getByRole('heading', { name: 'E-mails' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-account-mails-1280.png` });
    await toggle.click({ force: true });
    await toast(page, 'Reminders and review requests turned on').waitFor();
    await page.reload();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    // Leave the demo customer's book as it was.
    const { data } = (await booked.json()) as { data: { _id: string } };
    expect((await page.request.patch(`${baseUrl}/api/v1/users/appointment/${data._id}/cancel`)).status()).toBe(200);
    await page.close();
    await fromMail.close();
  });
});
