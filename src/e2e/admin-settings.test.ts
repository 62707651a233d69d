// Settings in a real browser: a side list on a desk and a select on a phone, each section at its own
// address; and the salon's address saved in parts, as the contact page and the JSON-LD show it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, field, launchBrowser, loginAsAdmin, toast, unexpected } from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/e2e-shots';

/** Every section an owner sees, in order, and its address. */
const SECTIONS = [
  ['Salon details', 'salon'],
  ['Your profile', 'profile'],
  ['Opening hours', 'opening-hours'],
  ['Closed days', 'closed-days'],
  ['Notifications', 'notifications'],
  ['Messages', 'messages'],
  ['Webhooks', 'webhooks'],
  ['API tokens', 'api-tokens'],
  ['Backups', 'backups'],
  ['Team', 'team'],
  ['Activity', 'activity'],
] as const;

/** The phone's section select. */
const sectionSelect = (page: Page) => page.getByRole('combobox', { name: 'Section' });

/** Opens a section with the phone's select. */
async function openSection(page: Page, label: string): Promise<void> {
  await sectionSelect(page).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** The page's own width: nothing may push it sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The salon's JSON-LD in the server's HTML of /contact. */
async function salonJsonLd(): Promise<{ address: Record<string, string>; geo: Record<string, number> }> {
  const html = await (await fetch(`${baseUrl}/contact`)).text();
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return JSON.parse(text) as { address: Record<string, string>; geo: Record<string, number> };
}

/**
 * Saves the salon's address as one line, as PATCH /admin/update did before the parts (it keeps the
 * line whole as the street), with the signed-in admin's own name and phones; answers the status.
 */
function saveOneLine(page: Page, line: { address: string; latitude: string; longitude: string }): Promise<number> {
  return page.evaluate(async ({ address, latitude, longitude }) => {
    type Me = { data: { fullName: string; phone: string; secondaryPhone: string | null } };
    const me = (await (await fetch('/api/v1/admin/me')).json()) as Me;
    const { fullName, phone } = me.data;
    const form = new FormData();
    const secondaryPhone = me.data.secondaryPhone ?? '';
    const fields = { fullName, phone, secondaryPhone, address, latitude, longitude };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return (await fetch('/api/v1/admin/update', { method: 'PATCH', body: form })).status;
  }, line);
}

describe('Settings in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await loginAsAdmin(browser, baseUrl));
  });
  afterAll(() => browser.close());

  it('lists the sections at the side on a desk, each at its own address that a reload and Back keep', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/settings`);
    const list = page.getByRole('tablist', { name: 'Settings sections' });
    await list.waitFor();
    expect(await list.getAttribute('aria-orientation')).toBe('vertical');
    expect(await list.getByRole('tab').allTextContents()).toEqual(SECTIONS.map(([label]) => label));
    // The first section opens at /admin/settings; the select is the phone's.
    await page.getByRole('tab', { name: 'Salon details', selected: true }).waitFor();
    expect(await sectionSelect(page).filter({ visible: true }).count()).toBe(0);
    // One column of tabs beside the content: all at the same left edge.
    const lefts = await list
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().left));
    expect(new Set(lefts).size).toBe(1);
    await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });

    for (const [label, slug] of SECTIONS.slice(1)) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/settings/${slug}`);
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Activity', selected: true }).waitFor();
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/settings/team`);
    await page.getByRole('tab', { name: 'Team', selected: true }).waitFor();

    // A link straight to a section, and an unknown one, which opens the first.
    await page.goto(`${baseUrl}/admin/settings/notifications`);
    await page.getByRole('heading', { level: 2, name: 'Notifications' }).waitFor();
    await page.getByText(/Reminder e-mails are sent \d+ hours? before a visit\./).waitFor();
    await page.goto(`${baseUrl}/admin/settings/no-such-section`);
    await page.waitForURL(`${baseUrl}/admin/settings/salon`);
    await page.getByRole('tab', { name: 'Salon details', selected: true }).waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it('offers a select on a phone, without sideways scrolling, and opens a section by its address', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}/admin/settings/profile`);
    await page.getByRole('heading', { level: 2, name: 'Change password' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await sectionSelect(page).inputValue()).toBe('Your profile');
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/settings-profile-375.png`, fullPage: true });

    await openSection(page, 'Opening hours');
    await page.waitForURL(`${baseUrl}/admin/settings/opening-hours`);
    await page.reload();
    expect(await sectionSelect(page).inputValue()).toBe('Opening hours');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/settings/profile`);
    await expect.poll(() => sectionSelect(page).inputValue()).toBe('Your profile');

    for (const [label, slug] of SECTIONS) {
      await page.goto(`${baseUrl}/admin/settings/${slug}`);
      await expect.poll(() => sectionSelect(page).inputValue()).toBe(label);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => pageWidth(page), { message: slug }).toBeLessThanOrEqual(375);
    }
    await page.goto(`${baseUrl}/admin/settings/salon`);
    await field(page, 'City').waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-salon-375.png`, fullPage: true });
    expect(unexpected(errors)).toEqual([]);
  });

  it('shows the owner that nothing is copied off the box and how to turn it on; reception has no Backups', async () => {
    // The test server runs without REPLICA_URL: replication is off.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/settings/backups`);
    await page.getByRole('heading', { level: 2, name: 'Backups' }).waitFor();
    await page.getByText('Nothing is copied off this box.').waitFor();
    await page.getByText('REPLICA_URL', { exact: true }).waitFor();
    await page.getByText('s3://bucket/path', { exact: true }).waitFor();
    await page.getByText('npm run db:backup -- FILE', { exact: true }).waitFor();
    await page.getByText('npm run restore -- --from <REPLICA_URL> --to <empty folder>', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-backups-1280.png`, fullPage: true });

    const reception = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const receptionErrors = collectPageErrors(reception);
    await reception.goto(`${baseUrl}/admin/login`);
    await field(reception, 'Email').fill('reception@salon.test');
    await field(reception, 'Password').fill('reception123');
    await reception.getByRole('button', { name: 'Login' }).click();
    await reception.waitForURL(`${baseUrl}/admin/calendar`);
    // An old link to Backups opens the first section reception may see.
    await reception.goto(`${baseUrl}/admin/settings/backups`);
    await reception.waitForURL(`${baseUrl}/admin/settings/profile`);
    const list = reception.getByRole('tablist', { name: 'Settings sections' });
    await list.getByRole('tab', { name: 'Your profile', selected: true }).waitFor();
    expect(await list.getByRole('tab').allTextContents()).not.toContain('Backups');
    expect(await reception.getByRole('heading', { name: 'Backups' }).count()).toBe(0);
    expect(unexpected(receptionErrors)).toEqual([]);
    await reception.close();
    expect(unexpected(errors)).toEqual([]);
  });

  it('saves the address as street, city, postal code and country, shown on /contact and in the JSON-LD', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/settings/salon`);
    const street = field(page, 'Street and number');
    await street.waitFor();
    // The demo's free-text address, from before the parts, is the street until split.
    const before = { street: await street.inputValue(), lat: await field(page, 'Latitude').inputValue() };
    const lng = await field(page, 'Longitude').inputValue();
    expect(before.street).toBe('12 Rose Street, Bandra West, Mumbai 400050');

    // A part over its limit or a malformed postal code is refused with a message, nothing saved.
    await field(page, 'Postal code').fill('400#050');
    await page.getByRole('button', { name: 'Save salon details' }).click();
    await page.getByText('A postal code has only letters and digits, with spaces or hyphens between').waitFor();
    await page.getByText('City is required').waitFor();

    await street.fill('12 Rose Street, Bandra West');
    await field(page, 'City').fill('Mumbai');
    await field(page, 'Postal code').fill('400050');
    await field(page, 'Country').fill('India');
    expect(await page.getByTestId('composed-address').textContent()).toBe(
      '12 Rose Street, Bandra West, Mumbai 400050, India',
    );
    // A map link pasted sets the position, and the contact page's map previews it.
    await field(page, 'Map link or coordinates').fill('https://www.openstreetmap.org/#map=18/19.0601/72.8301');
    await expect.poll(() => field(page, 'Latitude').inputValue()).toBe('19.0601');
    expect(await field(page, 'Longitude').inputValue()).toBe('72.8301');
    await page.getByRole('img', { name: 'Drawn map: a pin marks the salon' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-salon-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save salon details' }).click();
    await toast(page, 'Salon details saved').first().waitFor();

    const contact = await browser.newPage();
    await contact.goto(`${baseUrl}/contact`);
    await contact.getByText('12 Rose Street, Bandra West, Mumbai 400050, India', { exact: true }).waitFor();
    await contact.close();
    const salon = await salonJsonLd();
    expect(salon.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Rose Street, Bandra West',
      addressLocality: 'Mumbai',
      postalCode: '400050',
      addressCountry: 'India',
    });
    expect(salon.geo).toMatchObject({ latitude: 19.0601, longitude: 72.8301 });

    // Put the demo's one line back (PATCH /admin/update, as before the parts), for the other tests.
    expect(await saveOneLine(page, { address: before.street, latitude: before.lat, longitude: lng })).toBe(200);
    expect((await salonJsonLd()).address).toEqual({ '@type': 'PostalAddress', streetAddress: before.street });
    expect(unexpected(errors)).toEqual([]);
  });

  it('says under the street when an old one-line address is longer than a street, and names the limit on save', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/settings/salon`);
    const street = field(page, 'Street and number');
    await street.waitFor();
    const before = {
      address: await street.inputValue(),
      latitude: await field(page, 'Latitude').inputValue(),
      longitude: await field(page, 'Longitude').inputValue(),
    };
    const line = `Shop 4, Rose Court, ${'Near the Old Lotus Temple, '.repeat(5)}Bandra West, Mumbai 400050`;
    expect(await saveOneLine(page, { ...before, address: line })).toBe(200);

    await page.reload();
    await expect.poll(() => street.inputValue()).toBe(line);
    await page
      .getByText(
        "The old one-line address was kept as the street and is longer than the street's 140 characters: split it into street, city, postal code and country to save the details.",
      )
      .waitFor();
    await page.getByRole('button', { name: 'Save salon details' }).click();
    await page.getByText('Street and number must be at most 140 characters').waitFor();

    expect(await saveOneLine(page, before)).toBe(200);
    expect(unexpected(errors)).toEqual([]);
  });
});
