// Nudges to rebook in Chromium (README "Nudges to rebook"): the link a nudge carries (made by the
// server's own rebookLink, as the mail's is) opens the booking form with the service and the
// specialist chosen; its unsubscribe page turns off the nudges alone, and My account's switch turns
// them on again.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rebookLink } from '@/server/nudges/nudges';
import {
  collectPageErrors,
  labelled,
  launchBrowser,
  loginAsCustomer,
  toast,
  unexpected,
  workdayAhead,
} from './browser';

const baseUrl = inject('baseUrl');
const databaseFile = join(inject('dataDir'), 'salon.db');

describe('nudges to rebook in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('opens the booking form from a nudge’s link with the same service and specialist chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    const services = (await (await page.request.get(`${baseUrl}/api/v1/services`)).json()) as {
      data: { _id: string; name: string }[];
    };
    const specialists = (await (await page.request.get(`${baseUrl}/api/v1/specialists`)).json()) as {
      data: { _id: string; name: string }[];
    };
    const colour = services.data.find((service) => service.name === 'Hair Colouring');
    const leila = specialists.data.find((specialist) => specialist.name === 'Leila Haddad');
    if (!colour || !leila) throw new Error('the demo salon has no Hair Colouring or no Leila Haddad');

    await page.goto(rebookLink(baseUrl, colour._id, leila._id));
    await page.waitForLoadState('networkidle');
    await expect.poll(() => labelled(page, 'Service').inputValue()).toBe('Hair Colouring');
    await expect.poll(() => labelled(page, 'Specialist').inputValue()).toBe('Leila Haddad');
    await page.screenshot({ path: '/tmp/e2e-nudge-link.png' });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('turns the nudges off from a nudge’s unsubscribe page and on again in My account, reminders apart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    // A booking far enough ahead to have a reminder waiting, and with it the customer's token.
    const booked = await page.request.post(`${baseUrl}/api/v1/users/appointment`, {
      data: { bookingDate: workdayAhead(48), timeSlot: '15:00', service: 'Classic Manicure', specialist: 'Maya Chen' },
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

    // The nudge's link, opened from the mail on a phone: the page speaks of nudges alone.
    const fromMail = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const mailErrors = collectPageErrors(fromMail);
    await fromMail.goto(`${baseUrl}/unsubscribe/${token ?? ''}?mails=nudges`);
    await fromMail.getByText('Stop the e-mails that suggest booking a service again').waitFor();
    await fromMail.getByRole('button', { name: 'Unsubscribe' }).click();
    await fromMail.getByText('You will get no more nudges to rebook by e-mail.').waitFor();
    await fromMail.screenshot({ path: '/tmp/e2e-nudge-unsubscribed.png', fullPage: true });
    expect(unexpected(mailErrors)).toEqual([]);

    await page.goto(`${baseUrl}/my-account`);
    const nudges = page.getByRole('switch', { name: 'Nudges to rebook' });
    const reminders = page.getByRole('switch', { name: 'Reminders and review requests' });
    await expect.poll(() => nudges.isChecked()).toBe(false);
    expect(await reminders.isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/e2e-nudge-switch.png', fullPage: true });

    await nudges.click({ force: true });
    await toast(page, 'Nudges to rebook turned on').waitFor();
    await page.reload();
    await expect.poll(() => nudges.isChecked()).toBe(true);
    expect(await reminders.isChecked()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    // Leave the demo customer's book as it was.
    const { data } = (await booked.json()) as { data: { _id: string } };
    expect((await page.request.patch(`${baseUrl}/api/v1/users/appointment/${data._id}/cancel`)).status()).toBe(200);
    await page.close();
    await fromMail.close();
  });
});
