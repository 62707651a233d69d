// Settings > Messages: what the outbox holds, and sending a failed message again.
import { z } from 'zod';
import { messageListQuerySchema, messagePageSchema } from '@/shared/schemas/messages';
import { byIdSchema } from '@/shared/schemas/fields';
import { listMessages, resendMessage } from '@/server/outbox/message-log';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS, OWNER_ONLY } from '@/shared/roles';

export const adminMessagesRouter = router({
  /** The outbox, newest first: kind, recipient, status, attempts, last error (a manager sees a webhook's host only). */
  list: staffProcedure(MANAGERS)
    .input(messageListQuerySchema)
    .output(messagePageSchema)
    .query(({ ctx, input }) => listMessages(ctx.db, input, OWNER_ONLY.includes(ctx.admin.role ?? 'specialist'))),
  /** Sends a failed message again. */
  resend: staffProcedure(MANAGERS)
    .meta({ activity: 'none' })
    .input(byIdSchema)
    .output(z.object({ _id: z.string() }))
    .mutation(({ ctx, input }) => resendMessage(ctx, input.id)),
});
