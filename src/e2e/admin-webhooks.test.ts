import type { IncomingHttpHeaders } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@/server/test/webhook-receiver';
import { describedBy, field, launchBrowser, loginAsAdmin, toast, unexpected } from './browser';

const baseUrl = inject('baseUrl');

/** Node's headers as plain strings, the shape a verifier takes. */
const plainHeaders = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );

async function openSettingsTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('heading', { level: 2, name: tab }).waitFor();
}

const BAD_REQUEST = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

describe('Webhooks and notifications in Chromium', () => {
  let browser: Browser;
  /** A salon customer's endpoint: records every request and answers 200. */
  let receiver: WebhookReceiver;
  const endpoint = () => `${receiver.url}/hooks`;

  beforeAll(async () => {
    [browser, receiver] = await Promise.all([launchBrowser(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await browser.close();
    await receiver.close();
  });

  it('adds an endpoint, shows its secret once, delivers a signed test event and deletes it', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await openSettingsTab(page, 'Webhooks');
    const table = page.getByRole('table', { name: 'Webhook endpoints' });
    await table.getByText('No webhook endpoints yet').waitFor();
    const url = field(page, 'Endpoint URL');
    const add = page.getByRole('button', { name: 'Add endpoint' });
    const event = (name: string) => page.getByRole('checkbox', { name, exact: true });

    // Nothing filled in: both fields are refused by the form, nothing is sent.
    await add.click();
    await page.getByText('Endpoint URL is required').waitFor();
    await page.getByText('Pick at least one event').waitFor();
    expect(await describedBy(url)).toContain('Endpoint URL is required');

    // A private address is refused by the server, under the field.
    await url.fill('https://10.0.0.5/hook');
    await event('booking.created').check();
    await add.click();
    const privateMessage = '10.0.0.5 is a private or loopback address.';
    await page.getByText(privateMessage).first().waitFor();
    expect(await describedBy(url)).toContain(privateMessage);
    expect(await page.getByText('Pick at least one event').count()).toBe(0);

    // A receiver the e2e server may reach (WEBHOOK_ALLOW_HOSTS=127.0.0.1).
    await url.fill(endpoint());
    await event('booking.cancelled').check();
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Copy your signing secret' });
    await dialog.waitFor();
    await toast(page, 'Endpoint added').waitFor();
    await dialog.getByText('It will not be shown again').waitFor();
    const secret = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Listed with its events, never delivered to, its secret nowhere on the page.
    const row = table.getByRole('row').filter({ hasText: endpoint() });
    await row.waitFor();
    await row.getByText('booking.created', { exact: true }).waitFor();
    await row.getByText('booking.cancelled', { exact: true }).waitFor();
    expect(await row.getByText('booking.rescheduled').count()).toBe(0);
    await row.getByText('None yet').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await field(page, 'Endpoint URL').inputValue()).toBe('');

    await row.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event queued').waitFor();
    const delivery = (await receiver.waitFor(1, 15_000))[0]!;
    expect(delivery.method).toBe('POST');
    expect(delivery.path).toBe('/hooks');
    expect(delivery.headers['content-type']).toBe('application/json');
    const verified = new Webhook(secret).verify(delivery.body, plainHeaders(delivery.headers)) as { type: string };
    expect(verified.type).toBe('webhook.test');
    expect(() =>
      new Webhook(`whsec_${'A'.repeat(32)}`).verify(delivery.body, plainHeaders(delivery.headers)),
    ).toThrow();

    // The list asks again by itself and shows how the delivery went.
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('200', { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)/);

    // On a phone the endpoints are cards (the same rows, drawn so), and nothing pushes the page
    // wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.getByRole('columnheader', { name: 'URL' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await row.textContent()).toContain('200');
    // (Once the admin layout has finished sliding its side bar away.)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The test event's toast sits over the row's "⋯" at the bottom right, and stays while a pointer
    // rests on it: the pointer moves away and the toast closes by itself first.
    await page.mouse.move(0, 0);
    await toast(page, 'Test event queued').waitFor({ state: 'hidden' });
    // Delete sits apart in the row's "⋯" menu, and asks first.
    await row.getByRole('button', { name: `More actions for ${endpoint()}` }).click();
    await page.getByRole('menuitem', { name: `Delete ${endpoint()}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Endpoint deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    await table.getByText('No webhook endpoints yet').waitFor();

    // Chromium logs the refused private address (400) itself; nothing else went wrong.
    expect(unexpected(errors)).toEqual([BAD_REQUEST]);
    expect(receiver.received).toHaveLength(1);
    await page.close();
  });

  it('turns the salon notification off and on again, kept across reloads', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await openSettingsTab(page, 'Notifications');
    const notify = page.getByRole('switch', { name: 'E-mail the salon about each new, moved or cancelled booking' });
    await notify.waitFor();
    expect(await describedBy(notify)).toContain('Sent to hello@salon.test');
    // In words, not server variables.
    await page
      .getByText(
        /^Reminder e-mails are sent \d+ hours? before a visit\.$|^Reminder e-mails before a visit are not sent/,
      )
      .waitFor();
    await page
      .getByText(/^A request to review the visit is sent \d+ hours? after it is completed\.$|^Requests to review/)
      .waitFor();
    expect(await notify.isChecked()).toBe(true);

    for (const on of [false, true]) {
      await notify.click();
      await toast(page, 'Notification settings saved').waitFor();
      expect(await notify.isChecked()).toBe(on);
      await page.reload();
      await openSettingsTab(page, 'Notifications');
      await notify.waitFor();
      expect(await notify.isChecked()).toBe(on);
    }

    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
