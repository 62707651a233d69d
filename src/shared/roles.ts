// Who in the team may do what (README "The team"; decision 0035): every back-office procedure
// declares one of these groups, and the back office shows each role only the pages it may open.
import { STAFF_ROLES, type StaffRole } from './constants';

/** Staff accounts, API tokens, webhooks and backups. */
export const OWNER_ONLY: readonly StaffRole[] = ['owner'];
/** The salon's catalogue, prices, hours, reports and settings. */
export const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];
/** The day's work: calendar, bookings and visits, customers and their notes, reviews. */
export const FRONT_DESK: readonly StaffRole[] = ['owner', 'manager', 'reception'];
/** Time off: the managers for everyone, a specialist for themselves (server/auth/staff-scope.ts). */
export const TIME_OFF: readonly StaffRole[] = ['owner', 'manager', 'specialist'];
/** A specialist's own day (My day). */
export const SPECIALISTS: readonly StaffRole[] = ['specialist'];
/** Calendar feed addresses: the owner's for the salon and every specialist, a specialist's own (server/team/calendar-feeds.ts). */
export const CALENDAR_FEEDS: readonly StaffRole[] = ['owner', 'specialist'];
/** Who sees the salon's takings (reports, the dashboard, a customer's total spent). */
export const SEES_TAKINGS: readonly StaffRole[] = MANAGERS;
/** Who sees tips: owners and managers everyone's, a specialist their own (routers/admin/sales.ts). */
export const SEES_TIPS: readonly StaffRole[] = ['owner', 'manager', 'specialist'];
/** Everyone with a back-office account: their own account and session. */
export const ALL_STAFF: readonly StaffRole[] = STAFF_ROLES;

const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  reception: 'Reception',
  specialist: 'Specialist',
};

/** `reception` → `Reception`. */
export const roleName = (role: StaffRole): string => ROLE_NAMES[role];

/** Why `role` may not do what `allowed` lets do, or null when it may. */
export function roleRefusal(role: StaffRole, allowed: readonly StaffRole[]): string | null {
  return allowed.includes(role) ? null : `${roleName(role)} accounts cannot do this.`;
}
