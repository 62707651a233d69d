import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once; evaluated in the page rather than added as a script tag. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A rule switched off in every check, and why (each one a false positive we cannot fix). */
export interface DisabledRule {
  rule: string;
  reason: string;
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector), for a modal or a drawer. */
  include?: string;
  /** Parts to leave out (CSS selectors), each with the reason in the caller. */
  exclude?: string[];
  disabledRules?: DisabledRule[];
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and answers its serious and critical violations, one readable line
 * per element: rule id, help text, the element's selector and what failed. The app's CSP
 * (script-src 'self') would block an inline script tag; page.evaluate is not subject to it.
 */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ include, exclude, disabled }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const context = include
        ? { include: [include], exclude: exclude.map((selector) => [selector]) }
        : { exclude: exclude.map((selector) => [selector]) };
      const rules = Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }]));
      const result = await axe.run(exclude.length || include ? context : document, {
        resultTypes: ['violations'],
        rules,
      });
      return result.violations;
    },
    {
      include: options.include,
      exclude: options.exclude ?? [],
      disabled: (options.disabledRules ?? []).map((rule) => rule.rule),
    },
  );
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact ?? ''} ${violation.id}: ${violation.help} at ${node.target.map(String).join(' > ')}${
            node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ').trim()})` : ''
          }`,
      ),
    );
}
