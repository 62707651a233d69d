// The team in Chromium (README "The team"): the owner invites a receptionist from Settings > Team,
// the invitation's link sets their password, and the receptionist, on a 375 px phone, sees only the
// front desk's pages; a page of another role says it is not open to them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  bookThroughApi,
  collectPageErrors,
  dayAheadOn,
  dayFromToday,
  field,
  launchBrowser,
  loginAsAdmin,
  loginAsCustomer,
  pick,
  toast,
  unexpected,
} from './browser';
import { waitForMail } from './outbox-mails';

const baseUrl = inject('baseUrl');
const databaseFile = join(inject('dataDir'), 'salon.db');
const SHOTS = '/tmp/shots';

describe('the team in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser.close());

  it('invites a receptionist, who sets a password from the mail and opens the front desk only', async () => {
    const email = `rosa-${String(Date.now())}@team.test`;
    const owner = await loginAsAdmin(browser, baseUrl);
    const page = owner.page;
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Invite a member of staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
    await field(dialog, 'Full name').fill('Rosa Reception');
    await field(dialog, 'Email').fill(email);
    await pick(dialog, 'Role', 'Reception');
    await page.screenshot({ path: `${SHOTS}/team-invite-1280.png` });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `Invitation sent to ${email}`).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.innerText()).toMatch(/invited/i);
    await page.screenshot({ path: `${SHOTS}/team-1280.png`, fullPage: true });

    const mail = await waitForMail(email, (mails) => mails.at(-1), 'the invitation');
    const link = /https?:\/\/\S+\/admin\/welcome\/\S+/.exec(mail.text ?? '')?.[0];
    if (!link) throw new Error(`no invitation link in ${mail.text ?? ''}`);

    // The receptionist, on a phone.
    const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const errors = collectPageErrors(phone);
    await phone.goto(`${baseUrl}${new URL(link).pathname}`);
    await phone.getByRole('heading', { name: 'Welcome to the team' }).waitFor();
    await phone.getByLabel('New password').fill('rosa-password-1');
    await phone.getByLabel('Confirm password').fill('rosa-password-1');
    await phone.screenshot({ path: `${SHOTS}/team-welcome-375.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Set my password' }).click();
    await phone.waitForURL(`${baseUrl}/admin/login`);
    await field(phone, 'Email').fill(email);
    await phone.getByRole('textbox', { name: 'Password' }).fill('rosa-password-1');
    await phone.getByRole('button', { name: 'Login' }).click();
    // Reception's start page is the calendar, and its menu lists the front desk's pages only.
    await phone.waitForURL(`${baseUrl}/admin/calendar`);
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    const nav = phone.getByRole('navigation', { name: 'Admin' });
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts())
      .toEqual(['Calendar', 'Appointments', 'Till', 'Customers', 'Waitlist', 'Reviews', 'Settings']);
    await phone.screenshot({ path: `${SHOTS}/team-reception-nav-375.png`, fullPage: true });
    // An old link to the reports.
    await phone.goto(`${baseUrl}/admin/reports`);
    await phone.getByRole('heading', { name: 'Not open to your role' }).waitFor();
    await phone.screenshot({ path: `${SHOTS}/team-refused-375.png`, fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The owner deactivates her, after a question; her open page is signed out.
    await page.reload();
    await row.getByRole('button', { name: 'Deactivate Rosa Reception' }).click();
    const question = page.getByRole('dialog', { name: 'Deactivate account' });
    await question.getByText('cannot sign in').waitFor();
    await question.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await toast(page, 'Rosa Reception is deactivated').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/deactivated/i);
    await row.getByRole('button', { name: 'Reactivate Rosa Reception' }).waitFor();
    await phone.reload();
    await phone.waitForURL(`${baseUrl}/admin/login**`);
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(owner.errors)).toEqual([]);
    await phone.close();
    await page.close();
  });

  it('gives Leila her own day on her phone, where she marks a booking completed', async () => {
    // A booking of Leila's, late on a day of its own, made by the demo customer.
    const day = dayAheadOn(56, [2, 3, 4, 5]);
    const customer = await browser.newPage();
    await loginAsCustomer(customer, baseUrl);
    const status = await bookThroughApi(customer, {
      service: 'Hot Stone Massage',
      specialist: 'Leila Haddad',
      bookingDate: day,
      timeSlot: '18:00',
    });
    expect(status).toBe(200);
    await customer.close();
    // A specialist marks a booking once it has begun: the booking is moved back to yesterday, whole days.
    const yesterday = dayFromToday(-1);
    const shift = Date.parse(day) - Date.parse(yesterday);
    const database = new Database(databaseFile);
    const moved = database
      .prepare(
        `UPDATE bookings SET booking_date = ?, starts_at = starts_at - ?, ends_at = ends_at - ?
         WHERE booking_date = ? AND time_slot = '18:00' AND specialist_name = 'Leila Haddad'`,
      )
      .run(yesterday, shift, shift, day);
    database.close();
    expect(moved.changes).toBe(1);

    const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const errors = collectPageErrors(phone);
    await phone.goto(`${baseUrl}/admin/login`);
    await field(phone, 'Email').fill('leila@salon.test');
    await phone.getByRole('textbox', { name: 'Password' }).fill('leila12345');
    await phone.getByRole('button', { name: 'Login' }).click();
    // Her start page is her day.
    await phone.waitForURL(`${baseUrl}/admin/my-day`);
    await phone.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    await phone.goto(`${baseUrl}/admin/my-day?date=${yesterday}`);
    const booking = phone.getByRole('region', { name: '6:00 PM Hot Stone Massage' });
    await booking.waitFor();
    expect(await booking.innerText()).toContain('Clara Demo');
    await phone.screenshot({ path: `${SHOTS}/my-day-375.png`, fullPage: true });
    await booking.getByRole('button', { name: 'Completed' }).click();
    await toast(phone, 'Clara Demo: completed').waitFor();
    // Once the day is read again, the booking says so and its buttons are gone ("Completed" is also
    // a button's word, so the text alone would not wait for it).
    await expect.poll(() => booking.getByRole('button', { name: 'Completed' }).count()).toBe(0);
    expect(await booking.innerText()).toMatch(/completed/i);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: `${SHOTS}/my-day-done-375.png`, fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await phone.close();

    // The owner sees who did it in the booking's history.
    const { page, errors: ownerErrors } = await loginAsAdmin(browser, baseUrl);
    await page.goto(`${baseUrl}/admin/calendar?date=${yesterday}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.locator('.rbc-event', { hasText: 'Hot Stone Massage' }).first().click();
    const details = page.getByRole('dialog', { name: 'Booking' });
    const history = details.getByLabel('Booking history');
    await history.getByText('Status changed: Pending → Completed').waitFor();
    expect(await history.innerText()).toMatch(/Booked: [\s\S]*Clara Demo · Customer/);
    expect(await history.innerText()).toContain('Leila Haddad · Specialist');
    await page.screenshot({ path: `${SHOTS}/booking-history-1280.png`, fullPage: true });
    expect(unexpected(ownerErrors)).toEqual([]);
    await page.close();
  });
});
