import { adminAccountSchema, adminOwnProfileSchema, adminProfileSchema } from '@/shared/schemas/account';
import { adminLoginResultSchema, changePasswordSchema, messageResultSchema } from '@/shared/schemas/auth';
import { findAdminAccount } from '@/server/auth/accounts';
import { changePassword, updateAdminProfile, updateOwnProfile } from '@/server/auth/profile';
import { router, staffProcedure } from '@/server/trpc/init';
import { ALL_STAFF, MANAGERS } from '@/shared/roles';
import { sessionAccount } from '@/server/routers/session-account';

const { accountOf, procedures } = sessionAccount({
  kind: 'admin',
  procedure: staffProcedure(ALL_STAFF).meta({ activity: 'none' }),
  findAccount: findAdminAccount,
  accountSchema: adminAccountSchema,
  loginResultSchema: adminLoginResultSchema,
  unauthorized: 'Please login as an admin',
});

export const adminAccountRouter = router({
  ...procedures,

  /** Checks the current password; other sessions of this admin end, this one stays. */
  changePassword: staffProcedure(ALL_STAFF)
    .meta({ activity: { entity: 'team', action: 'updated', label: 'Own account', detail: 'Changed their password' } })
    .input(changePasswordSchema)
    .output(messageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx, 'admin', ctx.admin, input);
      return { message: 'Password changed!' };
    }),

  /** `PATCH /admin/update`: the admin's profile and the salon's public contact info, as the spec's one form. */
  updateProfile: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'settings', action: 'updated', label: 'Salon profile' } })
    .input(adminProfileSchema)
    .output(adminAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await updateAdminProfile(ctx, accountOf(ctx, ctx.admin.id), input);
      return accountOf(ctx, ctx.admin.id);
    }),

  /** Settings > Your profile: the account's own name, phone and picture (Salon details has the salon's). */
  updateOwnProfile: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'team', action: 'updated', label: 'Own account', detail: 'Changed their profile' } })
    .input(adminOwnProfileSchema)
    .output(adminAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await updateOwnProfile(ctx, accountOf(ctx, ctx.admin.id), input);
      return accountOf(ctx, ctx.admin.id);
    }),
});
