// Server rendering (README "The public site"): the public pages arrive as complete HTML with their
// data and the salon's JSON-LD, read by a client that runs no JavaScript (a search engine, a link
// preview); in Chromium they then hydrate into the app with no console complaint, no second fetch
// of the data they came with, and nothing on screen moving.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSED_DISCOUNT_COOKIE, HOME_TESTIMONIALS, SALON_NAME } from '@/shared/constants';
import { ratingValue } from '@/server/site/json-ld';
import { PAGE_SCRIPTS_ID, type PageScripts } from '@/shared/page-scripts';
import { appHydrated, collectPageErrors, launchBrowser, loginAsAdmin } from './browser';

const baseUrl = inject('baseUrl');

interface Service {
  _id: string;
  name: string;
  category: string;
  price: number;
  duration: number;
  description: string;
  bufferMinutes: number;
}

/** A public procedure's answer, as the browser would fetch it. */
async function publicQuery<T>(procedure: string): Promise<T> {
  const answer = (await (await fetch(`${baseUrl}/trpc/${procedure}`)).json()) as { result: { data: T } };
  return answer.result.data;
}

async function html(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** What is inside `<div id="root">`, tags stripped and entities of the demo data decoded. */
function rootText(page: string): string {
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(page)?.[1] ?? '';
  return root
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

const price = (amount: number) => `$${String(amount)}`;

function jsonLd(page: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1];
  expect(text, 'a JSON-LD script').toBeDefined();
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

describe('public pages as HTML, before any JavaScript', () => {
  it('/service holds every service with its category and price', async () => {
    const services = await publicQuery<Service[]>('public.services.list');
    const text = rootText(await html('/service'));
    expect(services.length).toBeGreaterThan(5);
    for (const service of services) {
      expect(text).toContain(service.name);
      expect(text).toContain(price(service.price));
      expect(text).toContain(service.category);
    }
  });

  it('/ holds the newest testimonials, the prices and the opening hours', async () => {
    const reviews = await publicQuery<{ comment: string }[]>('public.reviews.list');
    const text = rootText(await html('/'));
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews.slice(0, HOME_TESTIMONIALS.latest))
      expect(text).toContain(review.comment.slice(0, 40));
    expect(text).toContain('Prices');
    expect(text).toMatch(/Opening hours .*Mon/);
  });

  it('/about holds the team and /contact the address, phone and e-mail', async () => {
    const specialists = await publicQuery<{ name: string }[]>('public.specialists.list');
    const about = rootText(await html('/about'));
    for (const specialist of specialists) expect(about).toContain(specialist.name);

    const contact = await publicQuery<{ address: string; email: string }>('public.contact.info');
    const text = rootText(await html('/contact'));
    expect(text).toContain(contact.address);
    expect(text).toContain(contact.email);
    expect(text).toContain('Directions');
  });

  it('names the salon in JSON-LD on each public page: address, rating of the approved reviews, every service offered', async () => {
    const [services, reviews, contact] = await Promise.all([
      publicQuery<Service[]>('public.services.list'),
      publicQuery<{ rating: number }[]>('public.reviews.list'),
      publicQuery<{ address: string; email: string }>('public.contact.info'),
    ]);
    for (const path of ['/', '/service', '/about', '/contact']) {
      const salon = jsonLd(await html(path));
      expect(salon, path).toMatchObject({
        '@type': 'BeautySalon',
        name: SALON_NAME,
        url: `${baseUrl}/`,
        email: contact.email,
        address: { streetAddress: contact.address },
        aggregateRating: {
          reviewCount: reviews.length,
          ratingValue: ratingValue(reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length),
        },
      });
      expect((salon.openingHoursSpecification as unknown[]).length, path).toBeGreaterThan(0);
      const offered = JSON.stringify(salon.hasOfferCatalog);
      for (const service of services) expect(offered, path).toContain(JSON.stringify(service.name));
    }
  });

  it('answers an unknown page with 404 and the not-found page, and leaves the back office but its login to the browser', async () => {
    const missing = await fetch(`${baseUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(rootText(await missing.text())).toMatch(/not found/i);
    const login = await html('/admin/login');
    expect(rootText(login)).toContain('Welcome Admin');
    expect(login).toContain('<meta name="robots" content="noindex" />');
    expect(login).not.toContain('application/ld+json');
    const office = await html('/admin/reports');
    expect(office).toContain('<div id="root"></div>');
    expect(office).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('public pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  /** A page that records its console, its /trpc calls and how far its content moved (layout shift). */
  async function visit(path: string, width: number) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(() => {
      const record = window as unknown as { __shift: number };
      record.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) record.__shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) calls.push(...url.pathname.slice('/trpc/'.length).split(','));
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // The part of the page rendered after the first screen (the forms under the list) has come.
    await page.waitForTimeout(1000);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    return { page, errors, warnings, calls, shift };
  }

  for (const width of [1280, 375]) {
    it(`hydrates /, /service, /about and /contact at ${String(width)} px without a console message, a second fetch or a layout shift`, async () => {
      for (const path of ['/', '/service', '/about', '/contact']) {
        const { page, errors, warnings, calls, shift } = await visit(path, width);
        expect(errors, path).toEqual([]);
        expect(warnings, path).toEqual([]);
        // Only who is logged in is asked (the server renders every visitor alike).
        expect(calls, path).toEqual(['public.auth.session']);
        expect(shift, path).toBeLessThan(0.02);
        // React has taken over the server's markup.
        expect(await appHydrated(page), path).toBe(true);
        await page.context().close();
      }
    });
  }

  it('paints /, /service, /about, /contact and /admin/login before fetching any of the app’s scripts (only the loader comes first)', async () => {
    for (const path of ['/', '/service', '/about', '/contact', '/admin/login']) {
      const { page } = await visit(path, 375);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      const [loader, ...app] = timing.scripts;
      expect(loader?.file, path).toMatch(/^\/assets\/paint-first-/);
      expect(app.length, path).toBeGreaterThan(3);
      for (const script of app) expect(script.start, `${path} ${script.file}`).toBeGreaterThan(timing.paint);
      // Each was named by the page, so none was found only once another had run (a round trip
      // more): React's renderer, which the entry imports at its start, is named too.
      const named = await page.evaluate((id) => {
        const scripts = JSON.parse(document.getElementById(id)?.textContent ?? '{}') as PageScripts;
        return [scripts.entry, ...scripts.preload];
      }, PAGE_SCRIPTS_ID);
      for (const script of app) expect(named, `${path} fetched ${script.file} unnamed`).toContain(script.file);
      await page.context().close();
    }
  });

  it('keeps the server’s markup of the home and About pages as it is (never hydrated), and their links move within the app', async () => {
    /** True when React built or took over the element (its fiber is on the node). */
    const reactOwns = (page: Page, selector: string) =>
      page.evaluate((css) => {
        const element = document.querySelector(css);
        if (!element) throw new Error(`no ${css} on the page`);
        return Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      }, selector);
    /** A mark on the element that a rebuilt one would not carry. */
    const mark = (page: Page, selector: string) =>
      page.evaluate((css) => {
        (document.querySelector(css) as unknown as { __kept: boolean }).__kept = true;
      }, selector);
    const marked = (page: Page, selector: string) =>
      page.evaluate(
        (css) => (document.querySelector(css) as unknown as { __kept?: boolean } | null)?.__kept === true,
        selector,
      );

    for (const [path, content] of [
      ['/about', 'main article'],
      ['/', 'main figure'],
    ] as const) {
      const { page, errors } = await visit(path, 375);
      expect(await appHydrated(page), path).toBe(true);
      expect(await reactOwns(page, 'header a'), `${path} header`).toBe(true);
      expect(await reactOwns(page, 'main h1'), `${path} heading`).toBe(false);
      expect(await reactOwns(page, content), `${path} ${content}`).toBe(false);
      // Scrolling, and the skip link's jump within the page (the router hears of it), leave it as it was.
      await mark(page, content);
      await page.mouse.wheel(0, 600);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.location.hash === '#main-content');
      await page.waitForTimeout(300);
      expect(await marked(page, content), path).toBe(true);
      expect(errors, path).toEqual([]);
      if (path === '/about') {
        await page.context().close();
        continue;
      }
      // A plain link of the kept markup moves within the app (the same document), as the router's do.
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      // With Ctrl (or Cmd) it opens in a new tab, as any link does, and this page stays.
      const [opened] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: 'See our services' }).click({ modifiers: ['ControlOrMeta'] }),
      ]);
      await opened.waitForURL(`${baseUrl}/service`);
      await opened.close();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('link', { name: 'See our services' }).click();
      await page.getByRole('heading', { name: 'Our Services', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/service');
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      // Back on the home page, the browser renders it (there is no server markup to keep), in full.
      await page.goBack();
      await page.getByRole('heading', { name: 'What our clients say' }).waitFor();
      await page.locator('main figure').first().waitFor();
      expect(await reactOwns(page, 'main figure')).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('shows the services and prices to a browser with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/service`);
    await expect(page.getByRole('heading', { name: 'Our Services', level: 1 }).isVisible()).resolves.toBe(true);
    const services = await publicQuery<Service[]>('public.services.list');
    const first = services[0];
    if (!first) throw new Error('the demo seed has services');
    await expect(page.getByRole('heading', { name: first.name }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('sends its forms unusable until their scripts run: a field typed into early would lose its text', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email.isVisible()).resolves.toBe(true);
    await expect(email.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Login', exact: true }).isDisabled()).resolves.toBe(true);
    await context.close();
    // With its scripts, the same form is live.
    const live = await browser.newPage();
    await live.goto(`${baseUrl}/login`);
    await live.getByRole('textbox', { name: 'Email' }).fill('customer@salon.test');
    await expect(live.getByRole('textbox', { name: 'Email' }).isEnabled()).resolves.toBe(true);
    await live.close();
  });

  it('sends its buttons disabled until their scripts run: the map, the phone menu and the banner’s close', async () => {
    const buttons = (page: Page) => [
      page.getByRole('button', { name: 'Show interactive map' }),
      page.getByRole('button', { name: 'Open navigation' }),
      page.getByRole('button', { name: 'Close discount banner' }),
    ];
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    for (const button of buttons(page)) await expect(button.isDisabled()).resolves.toBe(true);
    await context.close();
    // With its scripts, the same buttons are live.
    const live = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await live.goto(`${baseUrl}/contact`);
    for (const button of buttons(live)) await expect.poll(() => button.isEnabled()).toBe(true);
    await live.close();
  });

  it('sends /contact with its details but the booking form as a placeholder that arrives after the first screen', async () => {
    const page = await html('/contact');
    expect(rootText(page)).toContain('Opening hours');
    expect(page).toContain('data-deferred');
    expect(rootText(page)).not.toContain('Choose a day, a service and a specialist');
  });

  it('leaves out the discount banner the visitor closed, so it never shows while the page loads', async () => {
    const discounts = await publicQuery<{ _id: string; title: string }[]>('public.discounts.list');
    const first = discounts[0];
    if (!first) throw new Error('the demo seed has a running discount');
    expect(rootText(await html('/about'))).toContain(first.title);
    const closed = await fetch(`${baseUrl}/about`, {
      headers: { cookie: `${CLOSED_DISCOUNT_COOKIE}=${encodeURIComponent(first._id)}` },
    });
    const page = await closed.text();
    expect(page).not.toContain('data-testid="discount-marquee"');
    expect(rootText(page)).toContain('Meet the team');
    // A cookie naming no discount of the site renders the page as usual.
    const unknown = await fetch(`${baseUrl}/about`, {
      headers: { cookie: `${CLOSED_DISCOUNT_COOKIE}=no-such-discount` },
    });
    expect(await unknown.text()).toContain('data-testid="discount-marquee"');
  });

  it('shows an admin’s price change on the next visit of /service (the rendered page is not kept stale)', async () => {
    const services = await publicQuery<Service[]>('public.services.list');
    const target = services.find((service) => service.category === 'Nail care') ?? services[0];
    if (!target) throw new Error('the demo seed has services');
    const before = rootText(await html('/service'));
    const newPrice = target.price + 7;
    expect(before).not.toContain(`${price(newPrice)} `);

    const { page } = await loginAsAdmin(browser, baseUrl);
    const update = async (amount: number) => {
      const status = await page.evaluate(
        async (input) =>
          (
            await fetch('/trpc/admin.services.update', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(input),
            })
          ).status,
        {
          id: target._id,
          name: target.name,
          category: target.category,
          price: amount,
          duration: target.duration,
          description: target.description,
          bufferMinutes: target.bufferMinutes,
        },
      );
      expect(status).toBe(200);
    };
    try {
      await update(newPrice);
      expect(rootText(await html('/service'))).toContain(price(newPrice));
    } finally {
      await update(target.price);
      await page.context().close();
    }
    expect(rootText(await html('/service'))).not.toContain(`${price(newPrice)} `);
  });
});
