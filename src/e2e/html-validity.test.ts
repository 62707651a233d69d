// The pages as the server sends them are valid HTML, as a validator (html-validate) reads them:
// nothing where the HTML standard does not allow it (a <style> in the body, a <div> in a button),
// autofill names the standard allows on their fields, and every group of fields (the fieldset
// that keeps a form unusable until its script runs, live-form.tsx) named by a legend.
import { HtmlValidate, type ConfigData, type Message } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import { PUBLIC_PAGES } from '@/shared/public-pages';
import { field, launchBrowser, loginAsCustomer } from './browser';

const baseUrl = inject('baseUrl');

/**
 * html-validate's standard rules (the HTML standard's content models, attributes and ARIA; not
 * its house style of writing HTML), and fieldsets named by a legend (WCAG technique H71).
 */
const RULES: ConfigData = {
  extends: ['html-validate:standard'],
  rules: { 'element-permitted-content': 'error', 'valid-autocomplete': 'error', 'wcag/h71': 'error' },
};
const validator = new HtmlValidate(RULES);

/** What the validator says of `html`, one line each: rule, message, where. */
async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((message: Message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`),
  );
}

/** Every page the server renders for a visitor: the public pages, the account forms, the not-found page. */
const SERVER_RENDERED = [
  ...Object.values(PUBLIC_PAGES).map((page) => page.path),
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password/not-a-real-token',
  '/my-account',
  '/my-appointments',
  '/no-such-page',
];

describe('valid HTML', () => {
  it.each(SERVER_RENDERED)('%s arrives from the server as valid HTML', async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    const html = await response.text();
    // Rendered on the server, not the empty page the browser fills in.
    expect(html).not.toContain('<div id="root"></div>');
    expect(await problems(html), path).toEqual([]);
  });

  it('gives a logged-in customer valid forms on /my-account', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await loginAsCustomer(page, baseUrl);
      await page.goto(`${baseUrl}/my-account`);
      await field(page, 'Phone').waitFor();
      const forms = await page.locator('form').evaluateAll((elements) => elements.map((form) => form.outerHTML));
      expect(forms.length).toBeGreaterThan(0);
      expect(await problems(forms.join('\n'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
