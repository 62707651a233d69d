import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, describedBy, field, launchBrowser, toast, unexpected } from './browser';
import { waitForMail } from './outbox-mails';

const baseUrl = inject('baseUrl');

const ADMIN = { email: 'admin@salon.test', password: 'admin12345', fullName: 'Salon Admin' };

/** The newest mail to this address, once the server has written one sent `after` (ms) or later. */
async function newestMailText(address: string, after: number): Promise<string> {
  const mail = await waitForMail(address, (mails) => {
    const newest = mails.at(-1);
    return newest && (!newest.date || newest.date.getTime() >= after - 1000) ? newest : undefined;
  });
  return mail.text ?? '';
}

describe('accounts in Chromium', () => {
  let browser: Browser;
  let avatarFile: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    avatarFile = join(mkdtempSync(join(tmpdir(), 'salon-avatar-')), 'avatar.png');
    await sharp({ create: { width: 96, height: 96, channels: 3, background: '#c2255c' } })
      .png()
      .toFile(avatarFile);
  });
  afterAll(() => browser.close());

  it('lets a new customer sign up with an e-mailed code, log in, edit their account and password, download their data, and log out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    const email = `e2e-${Date.now()}@example.com`;
    const fullName = 'Ada Lovelace';
    const password = 'secret123';

    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
    expect(await signUp.isDisabled()).toBe(true);

    await field(page, 'Full name').fill(fullName);
    await field(page, 'Email').fill(email);
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await toast(page, 'OTP sent to your email!').waitFor();
    const otpSent = page.getByRole('button', { name: 'OTP Sent' });
    expect(await otpSent.isDisabled()).toBe(true);
    expect(await field(page, 'Email').getAttribute('readonly')).not.toBeNull();

    const mailText = await newestMailText(email, sentAt);
    const code = /verification code is:\s*(\d{4})/.exec(mailText)?.[1];
    expect(code, mailText).toMatch(/^\d{4}$/);

    // The code's own rules first, then a wrong code, then the right one.
    const otp = field(page, 'OTP');
    const verifyOtp = page.getByRole('button', { name: 'Verify OTP' });
    await otp.fill('12');
    await verifyOtp.click();
    await expect.poll(() => describedBy(otp)).toContain('OTP must be 4 digits');
    await otp.fill('12ab');
    await verifyOtp.click();
    await expect.poll(() => describedBy(otp)).toContain('OTP must be numeric');
    await otp.fill(code === '0000' ? '1111' : '0000');
    await verifyOtp.click();
    await toast(page, 'Invalid OTP.').waitFor();
    expect(await signUp.isDisabled()).toBe(true);
    await otp.fill(code!);
    await verifyOtp.click();
    await toast(page, 'OTP Verified!').waitFor();
    expect(await signUp.isEnabled()).toBe(true);

    await field(page, 'Password').fill(password);
    await field(page, 'Phone').fill('9876501234');
    // Without a picture the form says so.
    await signUp.click();
    await page.getByText('Profile picture is required').waitFor();

    await page.locator('input[type="file"]').setInputFiles(avatarFile);
    await page.getByRole('img', { name: 'Preview of the picked picture' }).waitFor();
    await signUp.click();
    await toast(page, 'Registration successful').waitFor();
    await page.waitForURL(`${baseUrl}/login`);

    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, `Welcome back ${fullName}`).waitFor();
    await page.waitForURL(`${baseUrl}/`);

    const header = page.getByRole('banner');
    const accountButton = header.getByRole('button', { name: fullName });
    await accountButton.waitFor();
    expect(await header.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    // The uploaded avatar is shown (the server stored and serves it).
    const avatar = accountButton.locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('alt')).toBe(fullName);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: '/tmp/e2e-customer-logged-in.png' });

    // A reload keeps the session: the header asks the server who is here.
    await page.reload();
    await header.getByRole('button', { name: fullName }).waitFor();

    // My account (avatar menu): the sign-up's rules and messages, then a saved change the header shows.
    await header.getByRole('button', { name: fullName }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL(`${baseUrl}/my-account`);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe(email);
    const name = field(page, 'Full name');
    const phone = field(page, 'Phone');
    await expect.poll(() => name.inputValue()).toBe(fullName);
    await name.fill('A');
    await phone.fill('12345');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => describedBy(name)).toContain('Name is too short');
    expect(await describedBy(phone)).toContain('Please enter a valid 10-digit phone number.');
    await name.fill('Ada King');
    await phone.fill('9876509999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated!').waitFor();
    await header.getByRole('button', { name: 'Ada King' }).waitFor();
    await page.reload();
    await expect.poll(() => field(page, 'Phone').inputValue()).toBe('9876509999');

    // The password: the current one is checked, and the new one is the one that logs in.
    const current = field(page, 'Current password');
    await current.fill('not-my-password');
    await field(page, 'New password').fill('better456');
    await field(page, 'Confirm new password').fill('better456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Current password is incorrect').waitFor();
    await current.fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed!').waitFor();
    await expect.poll(() => current.inputValue()).toBe('');

    // Download my data: a JSON file of what the salon keeps about this customer.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      profile: { email: string; fullName: string; phone: string };
      bookings: unknown[];
      reviews: unknown[];
    };
    expect(exported.profile).toMatchObject({ email, fullName: 'Ada King', phone: '9876509999' });
    expect(exported.bookings).toEqual([]);
    expect(exported.reviews).toEqual([]);

    await header.getByRole('button', { name: 'Ada King' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.reload();
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();

    await page.goto(`${baseUrl}/login`);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('better456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Welcome back Ada King').waitFor();

    // The wrong code and the wrong current password above were answered 400; nothing else failed.
    expect(unexpected(errors)).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await page.close();
  });

  it('lets the admin log in, change the password (and back), and log out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);

    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Admin' }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe('/forgot-password');
    await field(page, 'Email').fill(ADMIN.email);
    await field(page, 'Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, `Welcome back ${ADMIN.fullName}`).waitFor();
    await page.waitForURL(`${baseUrl}/admin`);

    const account = page.getByRole('banner').getByTestId('admin-account');
    await account.getByText(ADMIN.fullName, { exact: true }).waitFor();
    await account.getByRole('img', { name: ADMIN.fullName }).waitFor();

    // A logged-in admin who opens the login page again goes straight back.
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForURL(`${baseUrl}/admin`);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Salon details', selected: true }).waitFor();
    expect(await field(page, 'Contact email').inputValue()).toBe('hello@salon.test');
    await page.getByRole('tab', { name: 'Your profile' }).click();
    await page.waitForURL(`${baseUrl}/admin/settings/profile`);
    expect(await field(page, 'Email').inputValue()).toBe(ADMIN.email);
    // The admin's own profile, saved, changes nothing customers see: the public e-mail stays the
    // salon's own, not the login e-mail.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'Profile updated!').first().waitFor();
    const contactPage = await browser.newPage();
    await contactPage.goto(`${baseUrl}/contact`);
    expect(await contactPage.getByRole('link', { name: 'hello@salon.test' }).count()).toBeGreaterThan(0);
    expect(await contactPage.getByText(ADMIN.email).count()).toBe(0);
    await contactPage.close();

    const current = field(page, 'Current password');
    const next = field(page, 'New password');
    const confirm = field(page, 'Confirm new password');
    const submit = page.getByRole('button', { name: 'Change password' });

    await current.fill(ADMIN.password);
    await next.fill('admin67890');
    await confirm.fill('admin67891');
    await submit.click();
    await expect.poll(() => describedBy(confirm)).toContain('Passwords do not match');

    const changeTo = async (from: string, to: string) => {
      await current.fill(from);
      await next.fill(to);
      await confirm.fill(to);
      await submit.click();
      await expect.poll(() => current.inputValue()).toBe('');
      expect(await next.inputValue()).toBe('');
      expect(await confirm.inputValue()).toBe('');
    };
    await changeTo(ADMIN.password, 'admin67890');
    await toast(page, 'Password changed!').first().waitFor();
    // Back to the demo password, so that other tests can still log in.
    await changeTo('admin67890', ADMIN.password);

    await account.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.waitForURL(`${baseUrl}/admin/login`);

    // The demo password works again.
    await field(page, 'Email').fill(ADMIN.email);
    await field(page, 'Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('sends a visitor who opens /admin to the admin login', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Admin' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('shows the spec messages for empty and malformed fields', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Admin' }).waitFor();
    const email = field(page, 'Email');
    const password = field(page, 'Password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required').waitFor();
    await expect.poll(() => describedBy(email)).toContain('Email is required');
    await expect.poll(() => describedBy(password)).toContain('Password is required');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Enter a valid email').waitFor();
    await expect.poll(() => describedBy(email)).toContain('Enter a valid email');

    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    const signupEmail = field(page, 'Email');
    const verifyEmail = page.getByRole('button', { name: 'Verify Email' });
    await verifyEmail.click();
    await expect.poll(() => describedBy(signupEmail)).toContain('Please enter your email');
    await toast(page, 'Please enter your email').waitFor();
    await signupEmail.fill('someone@');
    await verifyEmail.click();
    await expect.poll(() => describedBy(signupEmail)).toContain('Please enter a valid email address.');

    // The other fields are checked as the visitor leaves them.
    const checks: [Locator, string, string][] = [
      [field(page, 'Full name'), 'Al', 'Name is too short'],
      [field(page, 'Password'), 'abc', 'Minimum 6 characters'],
      [field(page, 'Phone'), '12345', 'Please enter a valid 10-digit phone number.'],
    ];
    for (const [input, value, message] of checks) {
      await input.fill(value);
      await input.blur();
      await expect.poll(() => describedBy(input)).toContain(message);
    }
    await signupEmail.fill('someone@');
    await signupEmail.blur();
    await expect.poll(() => describedBy(signupEmail)).toContain('Enter a valid email');
    expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).isDisabled()).toBe(true);

    await page.goto(`${baseUrl}/reset-password/some-token`);
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await field(page, 'New password').fill('abcdef');
    const confirm = field(page, 'Confirm password');
    await confirm.fill('abcdeg');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => describedBy(confirm)).toContain('Passwords do not match');

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
