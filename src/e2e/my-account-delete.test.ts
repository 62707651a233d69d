// My account in Chromium: a customer moves their account to another e-mail address with
// the code mailed there, then deletes the account and is logged out; the old credentials are dead.
import { mkdirSync } from 'node:fs';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeIn } from '@/server/test/smtp';
import { collectPageErrors, describedBy, field, launchBrowser, toast, unexpected, workdayAhead } from './browser';
import { mailsTo, waitForMail } from './outbox-mails';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots';
const PASSWORD = 'leaving-123';
/** The demo salon's contact e-mail, where its notices of bookings go. */
const SALON_EMAIL = 'hello@salon.test';
const BAD_REQUEST = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

/** The `count`-th mail to this address, once it is written. */
const nthMail = (address: string, count: number) =>
  waitForMail(address, (mails) => mails[count - 1], `mail number ${String(count)}`);

/** The first mail to this address whose subject matches, once it is written. */
const mailAbout = (address: string, subject: RegExp) =>
  waitForMail(address, (mails) => mails.find((mail) => subject.test(mail.subject ?? '')), `mail "${subject.source}"`);

const codeOf = (mail: ParsedMail) => codeIn(mail.text);

/** A customer signed up through /api/v1 (code, verification, registration with a picture). */
async function signUpThroughApi(email: string, fullName: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/otp/send-otp', { email })).status).toBe(200);
  const verified = await post('/otp/verify-otp', { email, otp: codeOf(await nthMail(email, 1)) });
  expect(verified.status).toBe(200);
  // The proof that this client typed the code: sign-up requires it.
  const proof = verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const form = new FormData();
  const picture = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  form.append('avatar', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
  for (const [name, value] of Object.entries({ fullName, email, password: PASSWORD, phone: '9876507777' }))
    form.append(name, value);
  expect(
    (await fetch(`${baseUrl}/api/v1/users/register`, { method: 'POST', body: form, headers: { cookie: proof } }))
      .status,
  ).toBe(201);
}

describe('My account in Chromium: a new e-mail, then the account deleted', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser.close());

  it('changes the e-mail with the code sent there, deletes the account, lands home logged out, and the old credentials fail', async () => {
    const stamp = Date.now();
    const oldEmail = `leaving-${String(stamp)}@example.com`;
    const newEmail = `arrived-${String(stamp)}@example.com`;
    const fullName = 'Greta Goodbye';
    await signUpThroughApi(oldEmail, fullName);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/login`);
    await field(page, 'Email').fill(oldEmail);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, `Welcome back ${fullName}`).waitFor();
    await page.waitForURL(`${baseUrl}/`);
    const header = page.getByRole('banner');

    // An appointment ahead, booked from the page (its cookies): deleting the account cancels it.
    const day = workdayAhead(55);
    const booked = await page.evaluate(async (bookingDate) => {
      const slots = (await (
        await fetch(
          `/api/v1/users/appointment/available-slots?specialistId=any&bookingDate=${bookingDate}&serviceName=Classic%20Manicure`,
        )
      ).json()) as { data: string[] };
      const response = await fetch('/trpc/customer.bookings.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingDate, timeSlot: slots.data[0], service: 'Classic Manicure', specialist: 'any' }),
      });
      return response.status;
    }, day);
    expect(booked).toBe(200);

    await header.getByRole('button', { name: fullName }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL(`${baseUrl}/my-account`);
    await page.getByRole('heading', { level: 2, name: 'Change e-mail' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Delete account' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/my-account-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/my-account-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Change e-mail: the code goes to the new address; a wrong one is refused under the field.
    await field(page, 'New email').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await toast(page, 'OTP sent to your email!').waitFor();
    const codeMail = await nthMail(newEmail, 1);
    expect(codeMail.subject).toBe('Confirm your new e-mail address');
    const code = codeOf(codeMail);
    const codeField = field(page, 'Code');
    // The current password approves the move, so an open session alone cannot take the account.
    const emailForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Change e-mail' }) });
    await emailForm.getByLabel(/^Current password/).fill(PASSWORD);
    await codeField.fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await expect.poll(() => describedBy(codeField)).toContain('Invalid OTP.');
    await page.screenshot({ path: `${SHOTS}/my-account-code-1280.png` });
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await toast(page, 'Email changed!').waitFor();
    await expect.poll(() => field(page, 'Email').inputValue()).toBe(newEmail);
    // The old address is told, the new one masked.
    expect((await mailAbout(oldEmail, /^Your e-mail address was changed$/)).text).toContain('a***@example.com');

    // Delete account: the dialog asks for the password; a wrong one is refused there.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const password = dialog.getByLabel(/^Password/);
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => describedBy(password)).toContain('Password is incorrect');
    await page.screenshot({ path: `${SHOTS}/my-account-delete-dialog-1280.png` });
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, 'Your account has been deleted.').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await toast(page, 'Please login first').count()).toBe(0);
    await page.reload();
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();

    // The booking was cancelled with the usual mail (the salon is told too); the outbox folder keeps
    // no copy of any mail to either of their addresses, the notice of the move included.
    await mailAbout(SALON_EMAIL, /^Booking cancelled/);
    expect(await mailsTo(newEmail)).toEqual([]);
    expect(await mailsTo(oldEmail)).toEqual([]);

    // Neither address logs in any more.
    for (const email of [newEmail, oldEmail]) {
      await page.goto(`${baseUrl}/login`);
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await toast(page, 'Invalid email or password').waitFor();
      expect(page.url()).toBe(`${baseUrl}/login`);
    }

    // The wrong code and the wrong password were answered 400, the two logins 401; nothing else failed.
    expect(unexpected(errors)).toEqual([BAD_REQUEST, BAD_REQUEST]);
    await page.close();
  });
});
