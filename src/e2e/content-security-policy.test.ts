// The content security policy (server/security-headers.ts) allows no eval. Zod, which checks every
// form, tries `new Function` once to learn whether it may compile its parsers; the browser reports
// that refused attempt even though Zod catches it. Every page with a form, in Chromium: the policy
// is never violated and the console stays quiet.
import type { BrowserContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser, loginAsAdmin, loginAsCustomer, unexpected } from './browser';

const baseUrl = inject('baseUrl');

/** Records every `securitypolicyviolation` the page's document reports, from its first script on. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${String(event.lineNumber)})`,
      );
    });
  });
}

/** Opens `path`, waits for a live form (its fields usable) and the page's requests, and returns what went wrong. */
async function visit(page: Page, path: string): Promise<{ violations: string[]; errors: string[] }> {
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}${path}`);
  // The forms under a page's content arrive after its first screen (DeferredSection).
  await page.mouse.wheel(0, 10_000);
  await page.locator('form').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('form fieldset[disabled]').count()).toBe(0);
  const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  return { violations, errors: unexpected(errors) };
}

describe('pages with a form under the content security policy', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    '/signup',
    '/login',
    '/forgot-password',
    '/reset-password/not-a-real-token',
    '/service',
    '/contact',
    '/appointment',
    '/admin/login',
  ])('violates nothing on %s', async (path) => {
    const context = await browser.newContext();
    await recordViolations(context);
    const result = await visit(await context.newPage(), path);
    await context.close();
    expect(result).toEqual({ violations: [], errors: [] });
  });

  it('violates nothing on the forms of a logged-in customer and of the back office', async () => {
    const customer = await browser.newContext();
    await recordViolations(customer);
    const page = await customer.newPage();
    await loginAsCustomer(page, baseUrl);
    expect(await visit(page, '/my-account'), '/my-account').toEqual({ violations: [], errors: [] });
    await customer.close();

    const { page: admin } = await loginAsAdmin(browser, baseUrl);
    await recordViolations(admin.context());
    expect(await visit(admin, '/admin/settings'), '/admin/settings').toEqual({ violations: [], errors: [] });
    await admin.context().close();
  });
});
