// The one-click unsubscribe link of reminders and review requests (its page in the browser; mail
// providers POST to the same address: rest/one-click-unsubscribe.ts).
import { unsubscribeSchema } from '@/shared/schemas/account';
import { messageResultSchema } from '@/shared/schemas/auth';
import { UNSUBSCRIBED_MESSAGE, unsubscribeByLink } from '@/server/customers/reminder-mails';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicReminderMailsRouter = router({
  unsubscribe: publicProcedure.input(unsubscribeSchema).output(messageResultSchema).mutation(({ ctx, input }) => {
    unsubscribeByLink(ctx, input.token);
    return { message: UNSUBSCRIBED_MESSAGE };
  }),
});
