// `GET /calendar/<token>.ics`: a calendar feed (./feeds.ts) for calendar apps, which send no
// session; the secret address is the key. An unknown or replaced token gets a plain 404.
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/client';
import type { Config } from '@/server/env';
import { calendarOfToken } from './calendar-feeds';

/** The request log's copy of a feed address, without its token (apps fetch it for years). */
export const withoutFeedToken = (url: string): string =>
  url.replace(/^\/calendar\/[^/?#]+\.ics/, '/calendar/<token>.ics');

export function calendarFeedPlugin(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'timezone'> },
  done: () => void,
): void {
  app.get<{ Params: { token: string } }>('/calendar/:token.ics', (request, reply) => {
    const calendar = calendarOfToken(deps.db, deps.config, request.params.token);
    if (calendar === undefined) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    return (
      reply
        // The apps poll; a few minutes' copy is plenty, and no shared cache may keep the bookings.
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(calendar)
    );
  });
  done();
}
