// The public site's pages as search engines and link previews see them: one
// title and description each, used by the page itself (document title) and by the server (the
// HTML's head, the sitemap).
import { SALON_NAME } from './constants';

export interface PublicPage {
  path: string;
  /** The page's own name; the document title is `<title> | <salon>`. */
  title: string;
  /** The meta description: what a search result shows under the title (at most ~160 characters). */
  description: string;
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: 'Home',
    description: `${SALON_NAME}: make up, hair styling, nail care, cosmetology and SPA procedures. See prices, meet the team and book a time online.`,
  },
  services: {
    path: '/service',
    title: 'Our Services',
    description:
      'Every service with its price and length, current discounts and reviews, and a form to book a specialist in a free time slot.',
  },
  about: {
    path: '/about',
    title: 'About Us',
    description: `Meet the specialists of ${SALON_NAME}, their expertise and working days, and read what our customers say.`,
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description: `Address, phone, e-mail and map of ${SALON_NAME}, and a form to book an appointment.`,
  },
  appointment: {
    path: '/appointment',
    title: 'Book an appointment',
    description: `Book a service at ${SALON_NAME}: choose a day, a service and a specialist, then one of the free times.`,
  },
} as const satisfies Record<string, PublicPage>;

/** `Our Services | Rose Beauty Salon`: the document title of a page. */
export const documentTitle = (title: string): string => `${title} | ${SALON_NAME}`;

/** The public page at `path` (no trailing slash, no query), if it is one. */
export function publicPageAt(path: string): PublicPage | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.values(PUBLIC_PAGES).find((page) => page.path === normalised);
}
