import { contactInfoSchema } from '@/shared/schemas/account';
import { getContactInfo } from '@/server/salon/contact';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicContactRouter = router({
  /** The salon's contact details, as last saved in the admin's Account Setting. */
  info: publicProcedure.output(contactInfoSchema).query(({ ctx }) => getContactInfo(ctx.db)),
});
