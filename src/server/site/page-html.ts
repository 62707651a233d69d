// What search engines and link previews read of the public site (README "The public site", found
// and shared): each public page's HTML carries its own title, description, canonical URL on
// PUBLIC_URL, and Open Graph and Twitter card tags; /robots.txt keeps crawlers out of the back
// office and points to /sitemap.xml, which lists the public pages. The page bodies are still
// rendered in the browser.
import { SALON_NAME } from '@/shared/constants';
import { documentTitle, PUBLIC_PAGES, publicPageAt } from '@/shared/public-pages';
import type { Config } from '@/server/env';

type SiteConfig = Pick<Config, 'publicUrl'>;

/** The picture a shared link shows (a square photo from the studio's gallery). */
export const PREVIEW_IMAGE_PATH = '/images/gallery/gallery-1.jpg';
/** What the preview picture shows, for those who cannot see it (it is the home page gallery's first). */
export const PREVIEW_IMAGE_ALT = `A pink bottle of nail polish with sparkles, from the studio of ${SALON_NAME}`;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** PUBLIC_URL without a trailing slash, so `${origin}${path}` is one URL. */
const originOf = (config: SiteConfig): string => config.publicUrl.replace(/\/+$/, '');

/**
 * The client's `index.html` for the page at `path`: a public page gets its own title and
 * description and the tags a search engine or a link preview reads; the back office is marked
 * `noindex`; any other page keeps the template's head.
 */
export function pageHtml(template: string, path: string, config: SiteConfig): string {
  if (path === '/admin' || path.startsWith('/admin/')) {
    return template.replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>');
  }
  const page = publicPageAt(path);
  if (!page) return template;
  const origin = originOf(config);
  const url = `${origin}${page.path}`;
  const title = escapeHtml(documentTitle(page.title));
  const description = escapeHtml(page.description);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SALON_NAME)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${origin}${PREVIEW_IMAGE_PATH}`)}" />`,
    `<meta property="og:image:width" content="600" />`,
    `<meta property="og:image:height" content="600" />`,
    `<meta property="og:image:alt" content="${escapeHtml(PREVIEW_IMAGE_ALT)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(`${origin}${PREVIEW_IMAGE_PATH}`)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(PREVIEW_IMAGE_ALT)}" />`,
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/** /robots.txt: everything public may be crawled; the back office, the APIs and one person's links (reset, unsubscribe, a waitlist offer) may not. */
export function robotsTxt(config: SiteConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /my-appointments',
    'Disallow: /my-account',
    'Disallow: /reset-password/',
    'Disallow: /unsubscribe/',
    'Disallow: /waitlist/',
    '',
    `Sitemap: ${originOf(config)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** /sitemap.xml: the public pages on PUBLIC_URL. */
export function sitemapXml(config: SiteConfig): string {
  const origin = originOf(config);
  const urls = Object.values(PUBLIC_PAGES).map(
    (page) => `  <url><loc>${escapeHtml(`${origin}${page.path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
