// The salon's public contact details: `public.contact`.
import type { RestRoute } from '@/server/rest/route';

export const contactRoutes: RestRoute[] = [
  { method: 'GET', path: '/contact-info', message: 'Contact info', procedure: 'public.contact.info', errors: [404] },
];
