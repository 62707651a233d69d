import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, loginAsAdmin, toast, unexpected } from './browser';

const baseUrl = inject('baseUrl');

/** A script's call with the token, as a reader of the usage hint would make it. */
const callAsScript = (token: string) =>
  fetch(`${baseUrl}/api/v1/admin/me`, { headers: { authorization: `Bearer ${token}` } });

async function openApiTokens(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
}

describe('API tokens in Chromium', () => {
  let browser: Browser;
  const name = `Backup script ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates a token in Settings, shows its secret once, notes its use and revokes it', async () => {
    const { page, errors } = await loginAsAdmin(browser, baseUrl);
    await openApiTokens(page);
    const table = page.getByRole('table', { name: 'API tokens' });
    const row = table.getByRole('row').filter({ hasText: name });

    // An empty name is refused by the form.
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Token name is required').waitFor();

    await field(page, 'Token name').fill(name);
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy your new token' });
    await dialog.waitFor();
    await toast(page, 'Token created').waitFor();
    await dialog.getByText('It will not be shown again').waitFor();
    const token = ((await dialog.getByTestId('api-token-secret').textContent()) ?? '').trim();
    expect(token).toMatch(/^salon_[a-z2-7]{32}$/);
    expect(await dialog.textContent()).toContain('Authorization: Bearer');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Listed without its secret, never used so far.
    await row.waitFor();
    expect(await row.textContent()).toContain('Never');
    expect(await page.content()).not.toContain(token);

    const used = await callAsScript(token);
    expect(used.status).toBe(200);
    expect(((await used.json()) as { data: { email: string } }).data.email).toBe('admin@salon.test');

    await page.reload();
    await openApiTokens(page);
    await row.waitFor();
    expect(await row.textContent()).not.toContain('Never');
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)$/);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await toast(page, 'Token revoked').waitFor();
    await row.waitFor({ state: 'detached' });

    const refused = await callAsScript(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('Invalid or revoked API token.');
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
