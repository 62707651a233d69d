// Settings > Team (README "The team"): the owner's list of back-office accounts, invitations,
// roles and deactivation. The invitee's own step, choosing a password, is `public.adminAuth.acceptInvite`.
import { inviteStaffSchema, staffMemberSchema, teamSchema, updateStaffSchema } from '@/shared/schemas/team';
import { OWNER_ONLY } from '@/shared/roles';
import { inviteStaff, listTeam, updateStaff } from '@/server/team/team';
import { router, staffProcedure } from '@/server/trpc/init';

export const adminTeamRouter = router({
  list: staffProcedure(OWNER_ONLY)
    .output(teamSchema)
    .query(({ ctx }) => listTeam(ctx.db)),

  invite: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'team', action: 'created', detail: 'Invited' } })
    .input(inviteStaffSchema)
    .output(staffMemberSchema)
    .mutation(({ ctx, input }) => inviteStaff(ctx, ctx.admin.id, input)),

  update: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'team', action: 'updated' } })
    .input(updateStaffSchema)
    .output(staffMemberSchema)
    .mutation(({ ctx, input }) => updateStaff(ctx.db, input)),
});
