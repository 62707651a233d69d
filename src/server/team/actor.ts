// Who makes a change, as the activity log names them (README "Who changed what"). The tRPC
// middlewares put the actor of each request in the context (trpc/init.ts); the salon's own rules
// (an account deletion's cancellations) act as SYSTEM.
import type { ActivityActor, StaffRole } from '@/shared/constants';

export interface Actor {
  kind: ActivityActor;
  /** The customer's or staff account's id, or the API token's; null for the system. */
  id: string | null;
  name: string;
  /** A member of staff's role (an API token's maker's). */
  role: StaffRole | null;
}

/** The salon's own rules. */
export const SYSTEM: Actor = { kind: 'system', id: null, name: 'System', role: null };

interface SignedInLike {
  id: string;
  fullName: string;
  role?: StaffRole | undefined;
  via?: 'session' | 'token' | undefined;
  tokenId?: string | undefined;
  tokenName?: string | undefined;
}

/** A member of staff signed in, or their API token (named by the token's name, with its maker's role). */
export function staffActor(admin: SignedInLike): Actor {
  const role = admin.role ?? null;
  if (admin.via === 'token' && admin.tokenId !== undefined) {
    return { kind: 'api-token', id: admin.tokenId, name: admin.tokenName ?? 'API token', role };
  }
  return { kind: 'staff', id: admin.id, name: admin.fullName, role };
}

/** A signed-in customer. */
export function customerActor(user: { id: string; fullName: string }): Actor {
  return { kind: 'customer', id: user.id, name: user.fullName, role: null };
}
