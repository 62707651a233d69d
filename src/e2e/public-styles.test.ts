import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { goOnFromFirstScreen, labelled, launchBrowser, toast } from './browser';

/**
 * The public pages load Mantine's styles in two parts (entry-styles.ts, public-styles.ts) rather
 * than the complete sheet (full-styles.ts). A component whose CSS is missing from them renders
 * unstyled only where it is used, often behind a click; so each page and popup is rendered twice,
 * as served and with the complete sheet linked as before, and every element's computed style must
 * be the same in both.
 */
const baseUrl = inject('baseUrl');
const CUSTOMER = { email: 'customer@salon.test', password: 'customer123' };
// PUBLIC_STYLES_SHOTS=<folder> keeps a screenshot of each state, as served, to look at.
const SHOTS = process.env.PUBLIC_STYLES_SHOTS;

const manifest = JSON.parse(readFileSync(join(process.cwd(), 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;
const sheetOf = (module: string) => {
  const file = manifest[module]?.file;
  if (!file?.endsWith('.css')) throw new Error(`no style sheet for ${module} in the manifest`);
  return `/${file}`;
};
const PUBLIC_SHEET = sheetOf('app/public-styles.ts');
const FULL_SHEET = sheetOf('app/full-styles.ts');

/**
 * The page as it was before the public sheet: the complete sheet right after the entry's, with the
 * public sheet before it (so a popup that imports it later finds it there and adds nothing after).
 */
function withCompleteSheet(html: string): string {
  const links = `<link rel="stylesheet" crossorigin href="${PUBLIC_SHEET}" /><link rel="stylesheet" crossorigin href="${FULL_SHEET}" />`;
  const withoutPublic = html.replace(new RegExp(`<link[^>]*href="${PUBLIC_SHEET}"[^>]*>`), '');
  const entrySheet = /<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"[^>]*>/.exec(withoutPublic);
  if (!entrySheet) throw new Error('no entry style sheet in the page');
  return withoutPublic.replace(entrySheet[0], `${entrySheet[0]}${links}`);
}

const PROPERTIES = [
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'box-sizing',
  'width',
  'height',
  'min-width',
  'max-width',
  'min-height',
  'max-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-radius',
  'outline',
  'color',
  'background-color',
  'background-image',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration-line',
  'text-transform',
  'text-overflow',
  'white-space',
  'box-shadow',
  'opacity',
  'visibility',
  'overflow-x',
  'overflow-y',
  'cursor',
  'pointer-events',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'align-items',
  'justify-content',
  'gap',
  'grid-template-columns',
  'object-fit',
  'aspect-ratio',
  'fill',
  'stroke',
  'transform',
  'list-style-type',
  'vertical-align',
  'table-layout',
  'border-collapse',
];
const PSEUDO_PROPERTIES = [
  'content',
  'display',
  'position',
  'width',
  'height',
  'background-color',
  'border-top',
  'inset',
];

/** Every element's computed style and layout box (offsets: unmoved by transforms), by its place in the tree. */
function snapshot(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    ([properties, pseudoProperties]) => {
      const result: Record<string, string> = {};
      const visit = (element: Element, path: string) => {
        // The toast container arrives at the first press or toast (lazy-toast-host.tsx), so it may
        // be there in one rendering only: it counts only when it shows a toast.
        if (element.classList.contains('mantine-Notifications-root') && !element.querySelector('[role=alert]')) return;
        const style = getComputedStyle(element);
        const values = properties.map((name) => `${name}:${style.getPropertyValue(name)}`);
        if (element instanceof HTMLElement) {
          values.push(`box:${element.offsetLeft},${element.offsetTop},${element.offsetWidth}x${element.offsetHeight}`);
        }
        for (const pseudo of ['::before', '::after']) {
          const pseudoStyle = getComputedStyle(element, pseudo);
          if (pseudoStyle.getPropertyValue('content') === 'none') continue;
          values.push(
            `${pseudo}{${pseudoProperties.map((name) => `${name}:${pseudoStyle.getPropertyValue(name)}`).join(';')}}`,
          );
        }
        result[path] = values.join('; ');
        // Mantine puts every portal (toasts, drawers, menus) into one shared node, in the order they
        // mount; the toast container loads lazily, so its place there is a race. Portal children are
        // named by their class and position instead of their index.
        const seen = new Map<string, number>();
        [...element.children].forEach((child, index) => {
          let name = String(index);
          if (element.hasAttribute('data-portal')) {
            const key = `${child.classList[0] ?? ''}|${child.getAttribute('data-position') ?? ''}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
            name = `${key}#${seen.get(key)}`;
          }
          visit(child, `${path} > ${child.tagName.toLowerCase()}:${name}`);
        });
      };
      visit(document.body, 'body');
      return result;
    },
    [PROPERTIES, PSEUDO_PROPERTIES] as const,
  );
}

/**
 * Waits until the page holds still: its deferred forms are there, and the same elements and
 * markup are in two looks 300 ms apart (the header's account menu and Mantine's transitions
 * arrive at their own pace, and later on a loaded machine).
 */
async function settled(page: Page): Promise<void> {
  // The forms deferred under a page's content (deferred-section.tsx) arrive once the visitor
  // goes on from the first screen, when the browser is idle.
  await goOnFromFirstScreen(page);
  await page.locator('[data-deferred]').first().waitFor({ state: 'detached' });
  const look = () =>
    page.evaluate(() => `${document.getElementsByTagName('*').length}:${document.body.innerHTML.length}`);
  let previous = await look();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.waitForTimeout(300);
    const current = await look();
    if (current === previous) return;
    previous = current;
  }
  throw new Error('the page kept changing for 12 s');
}

/** What differs between two snapshots, element by element (the first few). */
function differences(served: Record<string, string>, complete: Record<string, string>): string[] {
  const found: string[] = [];
  for (const path of new Set([...Object.keys(served), ...Object.keys(complete)])) {
    const [a, b] = [served[path], complete[path]];
    if (a === b) continue;
    if (a === undefined || b === undefined) {
      found.push(`${path}: only ${a === undefined ? 'with the complete sheet' : 'as served'}`);
      continue;
    }
    const bParts = new Set(b.split('; '));
    const aParts = new Set(a.split('; '));
    found.push(
      `${path}: served {${[...aParts].filter((p) => !bParts.has(p)).join('; ')}} complete {${[...bParts].filter((p) => !aParts.has(p)).join('; ')}}`,
    );
  }
  return found.slice(0, 15);
}

interface State {
  name: string;
  path: string;
  widths: number[];
  customer?: boolean;
  /** Brings the page into the state to compare, once it has loaded. */
  act?: (page: Page) => Promise<void>;
}

/** Pages with a layout of their own at both widths; the plain forms, whose parts these share, at 1280 px. */
const PAGES = ['/', '/service', '/about', '/contact', '/appointment', '/login'];
const PLAIN_PAGES = ['/signup', '/forgot-password', '/reset-password/some-token', '/no-such-page'];

/**
 * Presses a field that opens a popup. Where the page is scrolled decides whether the popup opens
 * below or above the field; so the page first holds still (the deferred forms move what follows
 * them), then the field is centred, alike in both renderings.
 */
async function pressCentred(page: Page, field: Locator) {
  await settled(page);
  await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await field.click();
}

async function openSelect(page: Page, label: string, nth = 0) {
  await pressCentred(page, labelled(page, label).nth(nth));
  await page.getByRole('listbox').first().waitFor();
}

const STATES: State[] = [
  ...PAGES.map((path) => ({ name: `page ${path}`, path, widths: [1280, 375] })),
  ...PLAIN_PAGES.map((path) => ({ name: `page ${path}`, path, widths: [1280] })),
  {
    name: 'the phone navigation drawer',
    path: '/',
    widths: [375],
    act: async (page) => {
      await page.getByRole('button', { name: /navigation/i }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: "the booking form's service dropdown",
    path: '/appointment',
    widths: [1280, 375],
    act: (page) => openSelect(page, 'Service'),
  },
  {
    name: "the booking form's date picker",
    path: '/appointment',
    widths: [1280, 375],
    act: async (page) => {
      await pressCentred(page, labelled(page, 'Date').first());
      await page.locator('table').last().waitFor();
    },
  },
  {
    name: "the booking form's errors",
    path: '/appointment',
    widths: [1280],
    customer: true,
    act: async (page) => {
      await page.locator('form button[type=submit]').click();
      await page.locator('[data-error]').first().waitFor();
    },
  },
  {
    name: 'the login form with its errors',
    path: '/login',
    widths: [1280, 375],
    act: async (page) => {
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.locator('[data-error]').first().waitFor();
    },
  },
  {
    name: 'the review form, its service dropdown open',
    path: '/service',
    widths: [1280, 375],
    act: async (page) => {
      await goOnFromFirstScreen(page);
      await page.getByRole('textbox', { name: /comment/i }).waitFor();
      // The booking form's comes first.
      await openSelect(page, 'Service', 1);
    },
  },
  {
    name: 'a toast (My appointments sends a guest to log in)',
    path: '/my-appointments',
    widths: [1280, 375],
    act: async (page) => {
      await toast(page, 'Please login first').waitFor();
    },
  },
  { name: 'My appointments, logged in', path: '/my-appointments', widths: [1280, 375], customer: true },
  {
    name: 'the reschedule modal',
    path: '/my-appointments',
    widths: [1280, 375],
    customer: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Reschedule' }).first().click();
      await page.getByRole('dialog', { name: 'Reschedule appointment' }).waitFor();
    },
  },
  {
    name: 'the cancel confirmation',
    path: '/my-appointments',
    widths: [1280],
    customer: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Cancel' }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'the account menu',
    path: '/service',
    widths: [1280],
    customer: true,
    act: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: /demo/i }).click();
      await page.getByRole('menu').waitFor();
    },
  },
];

describe('the public pages with their own Mantine sheet', () => {
  let browser: Browser;
  const contexts: Record<'served' | 'complete', { guest: BrowserContext; customer: BrowserContext }> = {} as never;

  async function newContext(complete: boolean, customer: boolean): Promise<BrowserContext> {
    // Reduced motion stops the discount marquee, so both renderings hold still alike.
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    if (complete) {
      await context.route(`${baseUrl}/**`, async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-length'];
        delete headers['content-encoding'];
        return route.fulfill({ response, headers, body: withCompleteSheet(await response.text()) });
      });
    }
    if (customer) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CUSTOMER.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.close();
    }
    return context;
  }

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    for (const variant of ['served', 'complete'] as const) {
      contexts[variant] = {
        guest: await newContext(variant === 'complete', false),
        customer: await newContext(variant === 'complete', true),
      };
    }
  });
  afterAll(() => browser.close());

  /** The page in the state, rendered with one sheet or the other. */
  async function render(variant: 'served' | 'complete', state: State, width: number) {
    const context = contexts[variant][state.customer ? 'customer' : 'guest'];
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}${state.path}`, { waitUntil: 'networkidle' });
    await state.act?.(page);
    await page.waitForLoadState('networkidle');
    await settled(page);
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    const styles = await snapshot(page);
    if (SHOTS && variant === 'served') {
      const name = `${state.name}-${width}`.replace(/[^a-z0-9-]+/gi, '-');
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    }
    await page.close();
    return { sheets, styles };
  }

  for (const state of STATES) {
    for (const width of state.widths) {
      it(`renders ${state.name} at ${width} px as the complete sheet does`, async () => {
        // One after the other: side by side, on a loaded machine one would run ahead of the other.
        const served = await render('served', state, width);
        const complete = await render('complete', state, width);
        expect(served.sheets).not.toContain(FULL_SHEET);
        expect(complete.sheets).toContain(FULL_SHEET);
        expect(Object.keys(served.styles).length).toBeGreaterThan(20);
        expect(differences(served.styles, complete.styles)).toEqual([]);
      });
    }
  }
});
