// Settings > Team (README "The team"; decision 0035): the owner invites staff by e-mail, sets their
// role, deactivates and reactivates them. An invitation is a single-use link (72 hours) to choose
// a password, kept like a password reset's (auth/reset-tokens.ts). The salon always keeps an
// active owner: the checks and the change run in one IMMEDIATE transaction, so two owners demoting
// each other at once cannot both succeed.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '@/shared/constants';
import { roleName } from '@/shared/roles';
import type { InviteStaffValues, StaffMember, UpdateStaffInput } from '@/shared/schemas/team';
import { INVALID_INVITATION } from '@/shared/schemas/team';
import { setPasswordFromLink } from '@/server/auth/password-reset';
import { issueResetToken, voidResetTokens } from '@/server/auth/reset-tokens';
import { invalidateAccountSessions } from '@/server/auth/sessions';
import { replaceFeedToken } from '@/server/team/calendar-feeds';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { admins, apiTokens, specialists } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { Conflict, InvalidFields, InvalidRequest, NotFound } from '@/server/errors';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 72 * 60 * 60_000;

export const LAST_OWNER_MESSAGE = 'The salon needs at least one active owner: make someone else an owner first.';

const memberColumns = {
  id: admins.id,
  fullName: admins.fullName,
  email: admins.email,
  role: admins.role,
  active: admins.active,
  passwordHash: admins.passwordHash,
  specialistId: admins.specialistId,
  specialistName: specialists.name,
};

interface MemberRow {
  id: string;
  fullName: string;
  email: string;
  role: StaffRole;
  active: boolean;
  passwordHash: string;
  specialistId: string | null;
  specialistName: string | null;
}

const toMember = (row: MemberRow): StaffMember => ({
  _id: row.id,
  fullName: row.fullName,
  email: row.email,
  role: row.role,
  specialist: row.specialistId && row.specialistName ? { _id: row.specialistId, name: row.specialistName } : null,
  status: !row.active ? 'deactivated' : row.passwordHash === '' ? 'invited' : 'active',
});

const members = (db: DbOrTx) =>
  db.select(memberColumns).from(admins).leftJoin(specialists, eq(specialists.id, admins.specialistId));

/** Everyone with a back-office account: owners first, then by name. */
export function listTeam(db: DbOrTx): StaffMember[] {
  const order = sql`CASE ${admins.role} WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 WHEN 'reception' THEN 2 ELSE 3 END`;
  return members(db).orderBy(order, asc(admins.fullName)).all().map(toMember);
}

function memberById(db: DbOrTx, id: string): StaffMember {
  const row = members(db).where(eq(admins.id, id)).get();
  if (!row) throw new NotFound('Team member not found');
  return toMember(row);
}

/** The specialist a `specialist` account is: a live one; null for the other roles. */
function specialistOf(db: DbOrTx, role: StaffRole, specialistId: string | undefined): string | null {
  if (role !== 'specialist') return null;
  const live =
    specialistId === undefined
      ? undefined
      : db
          .select({ id: specialists.id })
          .from(specialists)
          .where(and(eq(specialists.id, specialistId), sql`${specialists.deletedAt} IS NULL`))
          .get();
  if (!live) throw new InvalidFields([{ path: 'specialistId', message: 'Choose the specialist this account is' }]);
  return live.id;
}

interface InviteDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  outbox: Outbox;
}

/**
 * Makes an account for a new member of staff, without a password, and mails them the link to
 * choose one. Inviting someone who has not accepted yet sends a new link (the old one still
 * works until it expires); an e-mail that already has a working account is a CONFLICT.
 */
export function inviteStaff(deps: InviteDeps, invitedBy: string, input: InviteStaffValues): StaffMember {
  const email = input.email.trim().toLowerCase();
  const id = deps.db.transaction(
    (tx) => {
      const role = input.role;
      const specialistId = specialistOf(tx, role, input.specialistId);
      const existing = tx
        .select({ id: admins.id, passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.email, email))
        .get();
      if (existing && existing.passwordHash !== '') {
        throw new Conflict('This e-mail already has a back-office account.');
      }
      const accountId = existing?.id ?? newId();
      if (existing) {
        tx.update(admins)
          .set({ fullName: input.fullName, role, specialistId, active: true })
          .where(eq(admins.id, accountId))
          .run();
      } else {
        tx.insert(admins)
          .values({ id: accountId, email, fullName: input.fullName, passwordHash: '', role, specialistId })
          .run();
      }
      const inviter = tx.select({ fullName: admins.fullName }).from(admins).where(eq(admins.id, invitedBy)).get();
      const token = issueResetToken(tx, 'admin', accountId, new Date(), INVITATION_TTL_MS);
      enqueueMail(tx, email, {
        template: 'staff-invite',
        link: `${deps.config.publicUrl}/admin/welcome/${token}`,
        fullName: input.fullName,
        role: roleName(role),
        invitedBy: inviter?.fullName ?? 'The salon',
      });
      return accountId;
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  return memberById(deps.db, id);
}

/** Active owners other than `id` who can sign in (an invited owner has no password yet). */
const otherActiveOwners = (tx: DbOrTx, id: string): number =>
  tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.active, true), ne(admins.passwordHash, ''), ne(admins.id, id)))
    .all().length;

/**
 * Another role (a specialist's account names its specialist), or deactivated (its sessions, API
 * tokens and open password links end at once) or active again. An owner who stops being one loses
 * their API tokens (only owners make them). The last active owner keeps both their role and their
 * access.
 */
export function updateStaff(db: Db, input: UpdateStaffInput): StaffMember {
  db.transaction(
    (tx) => {
      const row = tx
        .select({ role: admins.role, active: admins.active, specialistId: admins.specialistId })
        .from(admins)
        .where(eq(admins.id, input.id))
        .get();
      if (!row) throw new NotFound('Team member not found');
      const role = input.role ?? row.role;
      const active = input.active ?? row.active;
      const losesOwner = row.role === 'owner' && row.active && (role !== 'owner' || !active);
      if (losesOwner && otherActiveOwners(tx, input.id) === 0) throw new InvalidRequest(LAST_OWNER_MESSAGE);
      const specialistId =
        input.role === undefined ? row.specialistId : specialistOf(tx, role, input.specialistId ?? undefined);
      tx.update(admins).set({ role, active, specialistId }).where(eq(admins.id, input.id)).run();
      if (!active && row.active) {
        invalidateAccountSessions(tx, 'admin', input.id);
        voidResetTokens(tx, 'admin', input.id);
      }
      // A specialist's feed address is theirs: one who leaves, or is no longer that specialist, loses it.
      if (row.specialistId && row.active && (!active || specialistId !== row.specialistId)) {
        replaceFeedToken(tx, row.specialistId);
      }
      // Only owners make API tokens and see the salon's feed: an account that stops being an active
      // owner loses its tokens, and the salon's feed gets a new address it has not seen.
      if (row.role === 'owner' && row.active && (role !== 'owner' || !active)) {
        tx.delete(apiTokens).where(eq(apiTokens.adminId, input.id)).run();
        replaceFeedToken(tx, null);
      }
    },
    { behavior: 'immediate' },
  );
  return memberById(db, input.id);
}

/**
 * The invited member chooses their password (the link works once, for 72 hours); they then sign
 * in at /admin/login. A customer's reset link, a used or an expired one is refused alike.
 */
export function acceptInvitation(
  deps: Parameters<typeof setPasswordFromLink>[0],
  token: string,
  password: string,
): Promise<void> {
  return setPasswordFromLink(deps, token, password, { invalid: INVALID_INVITATION, onlyKind: 'admin' });
}
