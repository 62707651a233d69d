import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');

describe('the API reference page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** Opens the page, noting every request that leaves this server (none should). */
  async function openDocs(path: string): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== new URL(baseUrl).origin) foreign.push(request.url());
    });
    await page.goto(`${baseUrl}${path}`);
    return { page, errors, foreign };
  }

  it.each(['/api/docs', '/api/docs/'])(
    'shows the API’s paths and schemas at %s, with no page errors, CSP refusals or outside requests',
    async (path) => {
      const { page, errors, foreign } = await openDocs(path);
      await page.getByRole('heading', { name: /Salon booking API/ }).waitFor();
      const services = page.locator('.opblock-summary-path', { hasText: /^\/services$/ });
      await services.first().waitFor();
      await expect(page.locator('.opblock-summary-path').count()).resolves.toBeGreaterThan(30);
      // The entity schemas are listed by name.
      await page.locator('.models .json-schema-2020-12__title', { hasText: /^Service$/ }).waitFor();
      await page.locator('.models .json-schema-2020-12__title', { hasText: /^ErrorEnvelope$/ }).waitFor();

      // Opening an operation shows its answer's shape.
      const operation = page.locator('.opblock', { has: services }).first();
      await operation.locator('.opblock-summary').click();
      await operation.locator('.response-col_status', { hasText: /^200$/ }).first().waitFor();

      // "Try it out" calls the real path (servers: /api/v1) from this page, under its CSP.
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.getByRole('button', { name: 'Execute' }).click();
      const answer = operation.locator('.live-responses-table tbody .response-col_status');
      await answer.first().waitFor();
      expect((await answer.first().textContent())?.trim()).toBe('200');
      await expect(operation.locator('.live-responses-table').textContent()).resolves.toContain(
        'Services fetched successfully',
      );

      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
      await page.context().close();
    },
  );
});
