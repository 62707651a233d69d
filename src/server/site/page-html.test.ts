// The public pages' heads, /robots.txt and /sitemap.xml as the app serves them.
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@/server/test/app';
import { PUBLIC_PAGES } from '@/shared/public-pages';
import { PREVIEW_IMAGE_PATH } from './page-html';

/** The `content` of the first tag matching `selector`-like text, e.g. `name="description"`. */
const metaContent = (html: string, attribute: string): string | undefined =>
  new RegExp(`<meta ${attribute} content="([^"]*)"`).exec(html)?.[1];

describe('what search engines and link previews read', () => {
  let app: FastifyInstance;
  const publicUrl = 'https://salon.example';

  const salon = useTestApp({
    seed: false,
    env: { PUBLIC_URL: `${publicUrl}/` },
    clientDir: () => {
      const clientDir = mkdtempSync(join(tmpdir(), 'salon-client-'));
      // The client's own page template, as the build copies it.
      copyFileSync(join(import.meta.dirname, '../../client/index.html'), join(clientDir, 'index.html'));
      return clientDir;
    },
  });
  beforeAll(() => {
    ({ app } = salon);
  });

  it('gives each public page its own title, description, canonical URL and preview tags', async () => {
    const seen = new Set<string>();
    for (const page of Object.values(PUBLIC_PAGES)) {
      const response = await app.inject({ method: 'GET', url: page.path });
      expect(response.statusCode, page.path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, page.path).toBe(`${page.title} | Rose Beauty Salon`);
      expect(metaContent(html, 'name="description"'), page.path).toBe(page.description);
      expect(html).toContain(`<link rel="canonical" href="${publicUrl}${page.path}" />`);
      expect(metaContent(html, 'property="og:url"')).toBe(`${publicUrl}${page.path}`);
      expect(metaContent(html, 'property="og:title"')).toBe(title);
      expect(metaContent(html, 'property="og:image"')).toBe(`${publicUrl}/images/gallery/gallery-1.jpg`);
      expect(metaContent(html, 'name="twitter:card"')).toBe('summary');
      expect(html).toContain('<div id="root"></div>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      seen.add(`${String(title)}|${String(metaContent(html, 'name="description"'))}`);
    }
    // Distinct from one another.
    expect(seen.size).toBe(Object.keys(PUBLIC_PAGES).length);
    // A trailing slash is the same page; the preview picture is one the build ships (public/).
    expect((await app.inject({ method: 'GET', url: '/service/' })).body).toContain(
      `<link rel="canonical" href="${publicUrl}/service" />`,
    );
    expect(existsSync(join(import.meta.dirname, '../../../public', PREVIEW_IMAGE_PATH))).toBe(true);
  });

  it('describes the preview picture in words for those who cannot see it, on every public page', async () => {
    for (const page of Object.values(PUBLIC_PAGES)) {
      const html = (await app.inject({ method: 'GET', url: page.path })).body;
      expect(metaContent(html, 'property="og:image:alt"'), page.path).toBe(
        'A pink bottle of nail polish with sparkles, from the studio of Rose Beauty Salon',
      );
      expect(metaContent(html, 'name="twitter:image:alt"'), page.path).toBe(
        metaContent(html, 'property="og:image:alt"'),
      );
    }
  });

  it('keeps the back office out of search results and other pages as they were', async () => {
    for (const url of ['/admin', '/admin/reports']) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    }
    const login = (await app.inject({ method: 'GET', url: '/login' })).body;
    expect(login).toContain('<title>Rose Beauty Salon</title>');
    expect(login).not.toContain('noindex');
  });

  it('answers /robots.txt and /sitemap.xml on PUBLIC_URL', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = robots.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /trpc/',
        `Sitemap: ${publicUrl}/sitemap.xml`,
      ]),
    );

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(Object.values(PUBLIC_PAGES).map((page) => `${publicUrl}${page.path}`));
    expect(locations.some((location) => location?.includes('/admin'))).toBe(false);
  });
});
