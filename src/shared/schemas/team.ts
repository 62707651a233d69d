// Settings > Team (README "The team"): the salon's back-office accounts, their roles, invitations.
import { z } from 'zod';
import { ID_MAX_LENGTH, STAFF_ROLES, TOKEN_MAX_LENGTH } from '@/shared/constants';
import { resetPasswordSchema } from './auth';
import { emailField, fullNameField, requiredText } from './fields';

export const INVALID_INVITATION = 'The invitation link is invalid or has expired. Ask the salon for a new one.';

export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;

/** One account of the team as the owner sees it. */
export const staffMemberSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    /** The specialist a `specialist` account is. */
    specialist: z.object({ _id: z.string(), name: z.string() }).nullable(),
    /** `invited`: has not chosen a password yet; `deactivated`: cannot sign in. */
    status: z.enum(STAFF_STATUSES),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const teamSchema = z.array(staffMemberSchema);

const roleField = z.enum(STAFF_ROLES, 'Choose a role');
const specialistIdField = requiredText('Choose the specialist this account is', ID_MAX_LENGTH);

/** The invite form and `POST /admin/team`: a specialist's account names the specialist. */
export const inviteStaffSchema = z
  .object({
    email: emailField('Email is required', 'Enter a valid email'),
    fullName: fullNameField,
    role: roleField,
    specialistId: z.preprocess((value) => (value === '' ? undefined : value), specialistIdField.optional()),
  })
  .refine((value) => value.role !== 'specialist' || value.specialistId !== undefined, {
    message: 'Choose the specialist this account is',
    path: ['specialistId'],
  });
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;
export type InviteStaffValues = z.output<typeof inviteStaffSchema>;

/** `PATCH /admin/team/{id}`: another role (with its specialist), or deactivated / active again. */
export const updateStaffSchema = z
  .object({
    id: requiredText('Account id is required', ID_MAX_LENGTH),
    role: roleField.optional(),
    specialistId: specialistIdField.optional(),
    active: z.boolean().optional(),
  })
  .refine((value) => value.role !== 'specialist' || value.specialistId !== undefined, {
    message: 'Choose the specialist this account is',
    path: ['specialistId'],
  });
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/** `POST /admin/team/accept`: the invitation's token and the password the new member chose. */
export const acceptInviteSchema = z.object({
  token: requiredText(INVALID_INVITATION, TOKEN_MAX_LENGTH),
  password: resetPasswordSchema.shape.password,
});
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
