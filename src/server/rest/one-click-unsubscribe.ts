// RFC 8058's one-click unsubscribe: a mail provider's own "Unsubscribe" button POSTs
// `List-Unsubscribe=One-Click` (as a form, urlencoded or multipart) to the `List-Unsubscribe`
// address of a reminder or review request, `/unsubscribe/<token>` (a nudge to rebook's:
// `?mails=nudges`). The same address, opened in a browser (GET), is the page with its button (a
// link scanner's GET never unsubscribes anyone).
// Whatever the body, the POST calls the page's own procedure.
import type { FastifyInstance } from 'fastify';
import { createRequestContext, type RequestContextDeps } from '@/server/trpc/context';
import { toPublicError } from '@/server/trpc/errors';
import { createCaller } from '@/server/routers';

export function oneClickUnsubscribePlugin(app: FastifyInstance, deps: RequestContextDeps, done: () => void): void {
  // This scope only: any body of a few bytes is read and ignored (the token is in the address).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => {
    done(null, undefined);
  });
  app.post<{ Params: { token: string }; Querystring: { mails?: string } }>(
    '/unsubscribe/:token',
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      try {
        // `?mails=nudges`: a nudge to rebook's link, which turns off the nudges alone (any other
        // value is refused by the procedure's schema).
        const { message } = await createCaller(
          createRequestContext(deps, request, reply),
        ).public.reminderMails.unsubscribe({
          token: request.params.token,
          mails: request.query.mails as 'nudges' | undefined,
        });
        return await reply.code(200).send(message);
      } catch (error) {
        const refusal = toPublicError(error);
        return reply.code(refusal.status).send(refusal.message);
      }
    },
  );
  done();
}
