// Accessibility: axe-core on every route, public and back office, at 1280 and
// 375 px, with the main modals and drawers open: no serious or critical violation. The keyboard
// tests (a booking, the calendar) are in keyboard.test.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations, type AxeOptions } from './axe';
import { launchBrowser, loginAsAdmin, loginAsCustomer } from './browser';

const baseUrl = inject('baseUrl');
const WIDTHS = [1280, 375] as const;

/** Whatever shows while a page's data is on its way (Mantine's loaders and skeletons). */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [data-loading="true"]';

/** Waits for the page's heading, its requests and its loaders to be done. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator(LOADING).filter({ visible: true }).count(), { timeout: 10_000 }).toBe(0);
  // Transitions (a modal sliding in, a fading skeleton) are over before colours are measured.
  await page.waitForTimeout(250);
}

/** axe on the page as it is now, each violation prefixed with where it was found. */
async function audit(page: Page, where: string, options?: AxeOptions): Promise<string[]> {
  return (await seriousViolations(page, options)).map((violation) => `${where}: ${violation}`);
}

/** Fails listing every violation, one a line (a deep-equality diff would cut them short). */
function expectNone(violations: string[]): void {
  expect(violations, `\n${violations.join('\n')}\n`).toEqual([]);
}

/** Opens `path` at both widths and audits it; `more` checks extra states (tabs, modals) at each width. */
async function auditRoute(page: Page, path: string, more?: (width: number) => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    found.push(...(await audit(page, `${path} at ${String(width)}px`)));
    if (more) found.push(...(await more(width)));
  }
  return found;
}

describe('accessibility (axe-core) in Chromium', () => {
  let browser: Browser;
  let guest: BrowserContext;
  let guestPage: Page;
  let customerPage: Page;
  let adminPage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    guest = await browser.newContext();
    guestPage = await guest.newPage();
    const customer = await browser.newContext();
    customerPage = await customer.newPage();
    await loginAsCustomer(customerPage, baseUrl);
    ({ page: adminPage } = await loginAsAdmin(browser, baseUrl));
  });
  afterAll(() => browser.close());

  describe('public pages for a guest', () => {
    it.each([
      '/',
      '/service',
      '/about',
      '/contact',
      '/appointment',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password/not-a-real-token',
      '/no-such-page',
    ])('has no serious violation on %s', async (path) => {
      expectNone(await auditRoute(guestPage, path));
    });

    it('has no serious violation on /my-appointments (sent to the login page)', async () => {
      await guestPage.goto(`${baseUrl}/my-appointments`);
      await guestPage.waitForURL(/\/login/);
      expectNone(await auditRoute(guestPage, '/login?next=%2Fmy-appointments'));
    });

    it('has no serious violation in the phone navigation drawer', async () => {
      await guestPage.setViewportSize({ width: 375, height: 800 });
      await guestPage.goto(`${baseUrl}/`);
      await settle(guestPage);
      await guestPage.getByRole('button', { name: 'Open navigation' }).click();
      await guestPage.getByRole('dialog').getByRole('link', { name: 'Login' }).waitFor();
      await guestPage.waitForTimeout(400);
      expectNone(await audit(guestPage, 'navigation drawer'));
    });
  });

  describe('public pages for the demo customer', () => {
    it.each(['/', '/appointment', '/my-appointments', '/my-account', '/service'])(
      'has no serious violation on %s',
      async (path) => {
        expectNone(await auditRoute(customerPage, path));
      },
    );

    it('has no serious violation in the account menu and the phone drawer', async () => {
      await customerPage.setViewportSize({ width: 1280, height: 900 });
      await customerPage.goto(`${baseUrl}/`);
      await settle(customerPage);
      await customerPage.getByRole('banner').getByRole('button', { name: 'Clara Demo' }).click();
      await customerPage.getByRole('menuitem', { name: 'My appointments' }).waitFor();
      // The menu fades in: colours are measured once it has.
      await expect
        .poll(() => customerPage.getByRole('menu').evaluate((menu) => getComputedStyle(menu).opacity))
        .toBe('1');
      const found = await audit(customerPage, 'account menu');
      await customerPage.keyboard.press('Escape');
      await customerPage.setViewportSize({ width: 375, height: 800 });
      await customerPage.getByRole('button', { name: 'Open navigation' }).click();
      await customerPage.getByRole('dialog').getByRole('link', { name: 'My appointments' }).waitFor();
      await customerPage.waitForTimeout(400);
      found.push(...(await audit(customerPage, 'navigation drawer, logged in')));
      expectNone(found);
    });
  });

  describe('back office', () => {
    it('has no serious violation on /admin/login and a new member of staff’s welcome page', async () => {
      expectNone(await auditRoute(guestPage, '/admin/login'));
      expectNone(await auditRoute(guestPage, '/admin/welcome/not-a-real-token'));
    });

    it('has no serious violation on a specialist’s My day, with its time off form open', async () => {
      const specialist = await (await browser.newContext()).newPage();
      await specialist.goto(`${baseUrl}/admin/login`);
      await specialist.getByRole('textbox', { name: 'Email', exact: true }).fill('leila@salon.test');
      await specialist.getByRole('textbox', { name: 'Password' }).fill('leila12345');
      await specialist.getByRole('button', { name: 'Login' }).click();
      await specialist.waitForURL(`${baseUrl}/admin/my-day`);
      const found = await auditRoute(specialist, '/admin/my-day', async (width) => {
        await specialist.getByRole('button', { name: 'Add time off' }).click();
        await settle(specialist);
        return audit(specialist, `/admin/my-day at ${String(width)}px, time off form`);
      });
      expectNone(found);
    });

    it.each([
      '/admin',
      '/admin/appointments',
      '/admin/customers',
      '/admin/reports',
      '/admin/reviews',
      '/admin/discounts',
      '/admin/specialists',
    ])('has no serious violation on %s', async (path) => {
      expectNone(await auditRoute(adminPage, path));
    });

    it("has no serious violation on /admin/calendar, its week view and a booking's details", async () => {
      const found = await auditRoute(adminPage, '/admin/calendar', async (width) => {
        const where = `/admin/calendar at ${String(width)}px`;
        const booking = adminPage.locator('.rbc-event:has([data-booking-id])').first();
        await booking.click();
        const dialog = adminPage.getByRole('dialog', { name: 'Booking' });
        await dialog.waitFor();
        await adminPage.waitForTimeout(400);
        const inModal = await audit(adminPage, `${where}, booking details`);
        await adminPage.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await adminPage
          .locator('label')
          .filter({ hasText: /^Week$/ })
          .click();
        await adminPage.waitForURL(/view=week/);
        await settle(adminPage);
        return [...inModal, ...(await audit(adminPage, `${where}, week`))];
      });
      expectNone(found);
    });

    it('has no serious violation on /admin/services and its create form', async () => {
      const found = await auditRoute(adminPage, '/admin/services', async (width) => {
        await adminPage.getByRole('button', { name: 'Add Service' }).click();
        await adminPage.getByRole('dialog').waitFor();
        await adminPage.waitForTimeout(400);
        const inModal = await audit(adminPage, `service form at ${String(width)}px`);
        await adminPage.keyboard.press('Escape');
        await adminPage.getByRole('dialog').waitFor({ state: 'hidden' });
        return inModal;
      });
      expectNone(found);
    });

    it('has no serious violation on /admin/settings, in every tab', async () => {
      const found = await auditRoute(adminPage, '/admin/settings', async (width) => {
        const more: string[] = [];
        // The sections: a side list of tabs on a desk, a select on a phone (600px and narrower).
        const tabs = await adminPage.getByRole('tab', { includeHidden: true }).allTextContents();
        for (const tab of tabs.slice(1)) {
          if (width > 600) await adminPage.getByRole('tab', { name: tab, exact: true }).click();
          else {
            await adminPage.getByRole('combobox', { name: 'Section' }).click();
            await adminPage.getByRole('option', { name: tab, exact: true }).click();
          }
          await adminPage.waitForLoadState('networkidle');
          await expect
            .poll(() => adminPage.locator(LOADING).filter({ visible: true }).count(), { timeout: 10_000 })
            .toBe(0);
          await adminPage.waitForTimeout(250);
          more.push(...(await audit(adminPage, `/admin/settings "${tab}" at ${String(width)}px`)));
        }
        return more;
      });
      expectNone(found);
    });
  });
});
