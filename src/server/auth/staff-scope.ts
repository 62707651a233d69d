// What a `specialist` account sees of the salon (README "The team"; decision 0035): their own
// bookings only. The role check lets them call a few back-office procedures; these helpers narrow
// what those procedures read and change, in the feature modules that call them.
import type { SignedIn } from '@/server/trpc/context';
import { Forbidden } from '@/server/errors';

/**
 * The specialist whose bookings this account is limited to; undefined for every other role (they
 * see everyone's). A specialist's account whose specialist is gone is refused.
 */
export function ownSpecialistOf(staff: Pick<SignedIn, 'role' | 'specialistId'>): string | undefined {
  if (staff.role !== 'specialist') return undefined;
  if (!staff.specialistId) throw new Forbidden('This account is not linked to a specialist. Ask the salon’s owner.');
  return staff.specialistId;
}

/** Refuses a specialist's account acting for another specialist (FORBIDDEN); the other roles act for anyone. */
export function refuseOtherSpecialist(staff: Pick<SignedIn, 'role' | 'specialistId'>, specialistId: string): void {
  const own = ownSpecialistOf(staff);
  if (own !== undefined && own !== specialistId) {
    throw new Forbidden('Specialists manage their own time off only.');
  }
}
