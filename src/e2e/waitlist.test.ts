// The waitlist in Chromium (README "Waitlist"): a guest is asked to log in; a customer who finds
// no time that suits joins from the booking form for the specialist and part of the day they
// want, finds the entry under My appointments, and leaves it; when another customer's booking is
// cancelled, the time is offered to them by mail and they book it from the link.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  collectPageErrors,
  dayAheadOn,
  fillDate,
  labelled,
  launchBrowser,
  loginAsCustomer,
  pick,
  loginAsAdmin,
  shownDayWithWeekday,
  toast,
} from './browser';
import { waitForMail } from './outbox-mails';

const baseUrl = inject('baseUrl');

describe('the waitlist in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('asks a guest to log in before joining', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/appointment`);
    await page.waitForLoadState('networkidle');
    await pick(page, 'Service', 'Classic Manicure');
    await pick(page, 'Specialist', 'Maya Chen');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'Please login first').waitFor();
    // Back to the form afterwards, with the service chosen.
    await page.waitForURL(/\/login\?next=%2Fappointment/);
    await page.close();
  });

  it('lets a customer join from the booking form, see the entry under My appointments and leave it', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    await page.goto(`${baseUrl}/appointment`);
    await page.waitForLoadState('networkidle');

    const day = dayAheadOn(20, [2, 3, 4, 5]);
    await fillDate(labelled(page, 'Date'), day);
    await pick(page, 'Service', 'Classic Manicure');
    // Until a specialist is chosen, there is nothing to wait for.
    expect(await page.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0);
    await pick(page, 'Specialist', 'Maya Chen');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();

    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('For Classic Manicure with Maya Chen.');
    // From the day the form shows, for a week, unless the customer says otherwise.
    expect(await labelled(dialog, 'From').inputValue()).toBe(day.split('-').reverse().join('/'));
    await pick(dialog, 'Time of day', 'Morning (before 12:00 PM)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/e2e-waitlist-join.png' });
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'You are on the waitlist').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/my-appointments`);
    const entry = page.getByTestId('waitlist-entry');
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Classic Manicure with Maya Chen');
    expect(text).toContain(shownDayWithWeekday(day));
    expect(text).toContain('Morning (before 12:00');
    expect(await seriousViolations(page)).toEqual([]);
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/e2e-waitlist-mine.png' });

    await entry.getByRole('button', { name: 'Leave waitlist' }).click();
    await toast(page, 'You left the waitlist').waitFor();
    await entry.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Waitlist' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('books a time the salon offered from the link in the mail, without logging in', async () => {
    // The demo customer waits for Maya on a day far ahead; the salon offers a free time of it.
    const customer = await browser.newPage();
    await loginAsCustomer(customer, baseUrl);
    const day = dayAheadOn(58, [2, 3, 4, 5]);
    const joined = await customer.request.post(`${baseUrl}/api/v1/users/waitlist`, {
      data: { items: [{ service: 'Classic Manicure', specialist: 'Maya Chen' }], fromDate: day, toDate: day },
      headers: { origin: baseUrl },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const entry = ((await joined.json()) as { data: { _id: string } }).data;
    await customer.close();

    const { page: admin } = await loginAsAdmin(browser, baseUrl);
    const specialists = (
      (await (await admin.request.get(`${baseUrl}/api/v1/specialists`)).json()) as {
        data: { _id: string; name: string }[];
      }
    ).data;
    const maya = specialists.find((one) => one.name === 'Maya Chen')?._id ?? '';
    const free = (
      (await (
        await admin.request.get(
          `${baseUrl}/api/v1/users/appointment/available-slots?specialistId=${maya}&bookingDate=${day}&serviceName=Classic%20Manicure`,
        )
      ).json()) as { data: string[] }
    ).data;
    const timeSlot = free.at(-1) ?? '';
    const offered = await admin.request.post(`${baseUrl}/api/v1/admin/waitlist/${entry._id}/offer`, {
      data: { bookingDate: day, timeSlot },
      headers: { origin: baseUrl },
    });
    expect(offered.status(), await offered.text()).toBe(201);
    await admin.close();

    const mail = await waitForMail(
      'customer@salon.test',
      (mails) =>
        mails.find(
          (one) => one.subject?.startsWith('A time came free') && one.text?.includes(shownDayWithWeekday(day)),
        ),
      'the offer',
    );
    const link = /https?:\/\/\S+(\/waitlist\/offers\/\w+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');

    // Opened on a phone that nobody is logged in on.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}${link}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: 'A time came free' }).waitFor();
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '')
      .toContain('Classic Manicure with Maya Chen');
    expect(await page.locator('main').textContent()).toContain('Held for you alone until');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/e2e-waitlist-offer.png' });
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText('This time is booked for you.').waitFor();
    await page.screenshot({ path: '/tmp/e2e-waitlist-booked.png' });
    // Opened again, it says so rather than offering it twice.
    await page.reload();
    await page.getByText('This time is booked for you.').waitFor();
    expect(await page.getByRole('button', { name: 'Book this time' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a cancelled time to the customer waiting for it, who books it from the mail', async () => {
    // Another customer has booked Sofia at 10:00 on a day of its own.
    const day = dayAheadOn(23, [1, 3, 4]);
    const { page: admin } = await loginAsAdmin(browser, baseUrl);
    const other = await admin.request.post(`${baseUrl}/api/v1/admin/bookings`, {
      data: {
        firstName: 'Olga',
        lastName: 'Other',
        phone: '9870001122',
        bookingDate: day,
        timeSlot: '10:00',
        service: 'Facial Cleansing',
        specialist: 'Sofia Rossi',
      },
      headers: { origin: baseUrl },
    });
    expect(other.status(), await other.text()).toBe(201);
    const otherId = ((await other.json()) as { data: { _id: string } }).data._id;

    // The demo customer, finding no time that suits, joins the waitlist for that day alone.
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const errors = collectPageErrors(page);
    await loginAsCustomer(page, baseUrl);
    await page.goto(`${baseUrl}/appointment`);
    await page.waitForLoadState('networkidle');
    await fillDate(labelled(page, 'Date'), day);
    await pick(page, 'Service', 'Facial Cleansing');
    await pick(page, 'Specialist', 'Sofia Rossi');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await dialog.waitFor();
    await fillDate(labelled(dialog, 'To'), day);
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'You are on the waitlist').waitFor();

    // Olga phones to cancel: within seconds the time that came free is offered to the customer, by
    // mail (not one of the times free all along).
    const cancelled = await admin.request.patch(`${baseUrl}/api/v1/admin/bookings/${otherId}/status`, {
      data: { status: 'cancelled' },
      headers: { origin: baseUrl },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await admin.close();
    const mail = await waitForMail(
      'customer@salon.test',
      (mails) =>
        mails.find(
          (one) =>
            one.subject?.startsWith('A time came free') &&
            one.text?.includes(shownDayWithWeekday(day)) &&
            one.text.includes('Facial Cleansing'),
        ),
      'the offer of the cancelled time',
    );
    expect(mail.text).toContain('10:00 AM');
    const link = /https?:\/\/\S+(\/waitlist\/offers\/\w+)/.exec(mail.text ?? '')?.[1] ?? '';
    await page.goto(`${baseUrl}${link}`);
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText('This time is booked for you.').waitFor();

    // Booked: under My appointments, and no longer waiting.
    await page.goto(`${baseUrl}/my-appointments`);
    await expect.poll(async () => (await page.locator('main').textContent()) ?? '').toContain('Facial Cleansing');
    expect(await page.getByTestId('waitlist-entry').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
