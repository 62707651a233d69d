// Settings > Salon details: the salon's public contact details (e-mail, phones, address in parts,
// map position), apart from the admin's own profile since the back office split them.
import { salonDetailsSchema, salonDetailsViewSchema } from '@/shared/schemas/account';
import { updateSalonDetails } from '@/server/auth/profile';
import { getSalonDetails } from '@/server/salon/contact';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminSalonDetailsRouter = router({
  get: staffProcedure(MANAGERS)
    .output(salonDetailsViewSchema)
    .query(({ ctx }) => getSalonDetails(ctx.db)),
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'settings', action: 'updated', label: 'Salon details' } })
    .input(salonDetailsSchema)
    .output(salonDetailsViewSchema)
    .mutation(({ ctx, input }) => {
      updateSalonDetails(ctx.db, ctx.admin.id, input);
      return getSalonDetails(ctx.db);
    }),
});
