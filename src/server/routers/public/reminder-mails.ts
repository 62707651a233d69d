// The one-click unsubscribe link of reminders and review requests, and of the nudges to rebook
// (`?mails=nudges`) (its page in the browser; mail providers POST to the same address:
// rest/one-click-unsubscribe.ts).
import { unsubscribeSchema } from '@/shared/schemas/account';
import { messageResultSchema } from '@/shared/schemas/auth';
import { UNSUBSCRIBED_MESSAGE, unsubscribeByLink } from '@/server/customers/reminder-mails';
import { NUDGES_OFF_MESSAGE, nudgesOffByLink } from '@/server/nudges/preferences';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicReminderMailsRouter = router({
  unsubscribe: publicProcedure.input(unsubscribeSchema).output(messageResultSchema).mutation(({ ctx, input }) => {
    if (input.mails === 'nudges') {
      nudgesOffByLink(ctx.db, input.token);
      return { message: NUDGES_OFF_MESSAGE };
    }
    unsubscribeByLink(ctx, input.token);
    return { message: UNSUBSCRIBED_MESSAGE };
  }),
});
