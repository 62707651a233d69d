// Settings > Team: the calls, what each refreshes and the toasts it shows.
import type { StaffMember } from '@/shared/schemas/team';
import { roleName } from '@/shared/roles';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

/** Invites a member of staff; `onInvited` closes the form. Field messages go under `form`'s fields. */
export function useInviteStaff({ form, onInvited }: { form: FieldErrorsTarget; onInvited: () => void }) {
  const utils = trpc.useUtils();
  return trpc.admin.team.invite.useMutation({
    onSuccess: (member) => {
      void utils.admin.team.list.invalidate();
      notifySuccess(`Invitation sent to ${member.email}`);
      onInvited();
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, 'The invitation could not be sent.');
    },
  });
}

/** Another role, or deactivated / active again. */
export function useUpdateStaff() {
  const utils = trpc.useUtils();
  return trpc.admin.team.update.useMutation({
    onSuccess: (member: StaffMember) => {
      void utils.admin.team.list.invalidate();
      notifySuccess(
        member.status === 'deactivated'
          ? `${member.fullName} is deactivated`
          : `${member.fullName}: ${roleName(member.role)}, ${member.status}`,
      );
    },
    onError: (error) => notifyError(error, 'The change could not be saved.'),
  });
}
