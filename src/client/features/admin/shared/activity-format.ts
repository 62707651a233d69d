// How the back office words a change of the activity log (a booking's timeline, Settings → Activity).
import type { ActivityAction, ActivityActor, ActivityEntity } from '@/shared/constants';
import type { ActivityEntry } from '@/shared/schemas/activity';
import { roleName } from '@/shared/roles';

const ACTION_WORDS: Record<ActivityAction, string> = {
  created: 'Created',
  updated: 'Changed',
  moved: 'Moved',
  status: 'Status changed',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

/** A booking's own words for the first step of its life. */
const BOOKING_ACTION_WORDS: Partial<Record<ActivityAction, string>> = { created: 'Booked' };

export const ENTITY_LABELS: Record<ActivityEntity, string> = {
  booking: 'Bookings',
  service: 'Services',
  specialist: 'Specialists',
  discount: 'Discounts',
  hours: 'Working hours',
  closure: 'Closed days',
  'time-off': 'Time off',
  team: 'Team',
  settings: 'Settings',
  review: 'Reviews',
  customer: 'Customers',
  waitlist: 'Waitlist',
};

/** One thing of each kind, for a change's badge. */
export const ENTITY_NAMES: Record<ActivityEntity, string> = {
  booking: 'Booking',
  service: 'Service',
  specialist: 'Specialist',
  discount: 'Discount',
  hours: 'Hours',
  closure: 'Closed day',
  'time-off': 'Time off',
  team: 'Team',
  settings: 'Settings',
  review: 'Review',
  customer: 'Customer',
  waitlist: 'Waitlist',
};

export const ACTOR_LABELS: Record<ActivityActor, string> = {
  customer: 'Customers',
  staff: 'Staff',
  'api-token': 'API tokens',
  system: 'The system',
};

/** `Booked`, `Status changed`, `Deleted`. */
export const actionText = (entry: Pick<ActivityEntry, 'entity' | 'action'>): string =>
  (entry.entity === 'booking' ? BOOKING_ACTION_WORDS[entry.action] : undefined) ?? ACTION_WORDS[entry.action];

/** Who: `Rita Desk · Reception`, `Front desk script · API token`, `Tina Timeline · Customer`, `System`. */
export function actorText(entry: Pick<ActivityEntry, 'actorKind' | 'actorName' | 'actorRole'>): string {
  switch (entry.actorKind) {
    case 'staff':
      return entry.actorRole ? `${entry.actorName} · ${roleName(entry.actorRole)}` : entry.actorName;
    case 'api-token':
      return `${entry.actorName} · API token`;
    case 'customer':
      return `${entry.actorName} · Customer`;
    default:
      return entry.actorName;
  }
}
