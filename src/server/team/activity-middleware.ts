// Records a back-office change that is not a booking's (those the booking commands record in their
// own transaction) once its procedure succeeded: the procedure's meta says of what kind
// (trpc/init.ts ActivityMeta); what it is called is read from the database, before the change (a
// deletion) and after it (a creation, a rename), and so is what an edit changed.
import { eq } from 'drizzle-orm';
import type { ActivityEntity } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import {
  admins,
  closures,
  discounts,
  reviews,
  services,
  specialists,
  timeOff,
  users,
  waitlist,
} from '@/server/db/schema';
import { changedColumns, changedFields, dayWords, periodWords } from '@/server/domain/activity';
import type { Actor } from './actor';
import { recordActivity } from './activity';

type Lookup = (db: DbOrTx, id: string) => string | undefined;

const nameOfSpecialist: Lookup = (db, id) =>
  db.select({ name: specialists.name }).from(specialists).where(eq(specialists.id, id)).get()?.name;

/** What each kind of thing is called in the log, by its id; none for the salon's one-of-a-kind settings. */
const LABELS: Partial<Record<ActivityEntity, Lookup>> = {
  service: (db, id) => db.select({ name: services.name }).from(services).where(eq(services.id, id)).get()?.name,
  specialist: nameOfSpecialist,
  discount: (db, id) => db.select({ title: discounts.title }).from(discounts).where(eq(discounts.id, id)).get()?.title,
  closure: (db, id) => {
    const row = db
      .select({ day: closures.day, reason: closures.reason })
      .from(closures)
      .where(eq(closures.id, id))
      .get();
    return row && (row.reason ? `${dayWords(row.day)} – ${row.reason}` : dayWords(row.day));
  },
  'time-off': (db, id) => {
    const row = db
      .select({ name: specialists.name, starts: timeOff.startsLocal, ends: timeOff.endsLocal })
      .from(timeOff)
      .innerJoin(specialists, eq(timeOff.specialistId, specialists.id))
      .where(eq(timeOff.id, id))
      .get();
    return row && `${row.name}: ${periodWords(row.starts, row.ends)}`;
  },
  team: (db, id) => db.select({ name: admins.fullName }).from(admins).where(eq(admins.id, id)).get()?.name,
  review: (db, id) => {
    const row = db
      .select({ name: services.name })
      .from(reviews)
      .innerJoin(services, eq(reviews.serviceId, services.id))
      .where(eq(reviews.id, id))
      .get();
    return row && `Review of ${row.name}`;
  },
  customer: (db, id) => db.select({ name: users.fullName }).from(users).where(eq(users.id, id)).get()?.name,
  hours: (db, id) => {
    const name = nameOfSpecialist(db, id);
    return name && `${name}'s working hours`;
  },
  // A waitlist entry, by its customer.
  waitlist: (db, id) =>
    db
      .select({ name: users.fullName })
      .from(waitlist)
      .innerJoin(users, eq(users.id, waitlist.userId))
      .where(eq(waitlist.id, id))
      .get()?.name,
};

type RowLookup = (db: DbOrTx, id: string) => Record<string, unknown> | undefined;

/**
 * The whole stored row of the things an edit changes in place, read before and after it: an edit
 * records the columns that changed (not merely the fields the form sent again).
 */
const ROWS: Partial<Record<ActivityEntity, RowLookup>> = {
  service: (db, id) => db.select().from(services).where(eq(services.id, id)).get(),
  specialist: (db, id) => db.select().from(specialists).where(eq(specialists.id, id)).get(),
  discount: (db, id) => db.select().from(discounts).where(eq(discounts.id, id)).get(),
  team: (db, id) =>
    db
      .select({
        fullName: admins.fullName,
        role: admins.role,
        specialistId: admins.specialistId,
        active: admins.active,
      })
      .from(admins)
      .where(eq(admins.id, id))
      .get(),
  customer: (db, id) => db.select({ notes: users.notes }).from(users).where(eq(users.id, id)).get(),
};

const field = (value: unknown, key: string): string | undefined => {
  if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
};

/** The id of what changed: a time off's own id (its input's `id` is the specialist's), else the input's `id` or the answer's `_id`. */
function idOf(entity: ActivityEntity, input: unknown, result: unknown): string | undefined {
  if (entity === 'time-off') return field(input, 'timeOffId') ?? field(result, '_id');
  return field(input, 'id') ?? field(result, '_id');
}

export interface RecordedChange {
  entity: ActivityEntity;
  action: 'created' | 'updated' | 'deleted' | 'moved' | 'status' | 'cancelled';
  label?: string | undefined;
  detail?: string | undefined;
}

/**
 * Runs `change` and, when it succeeds, records it as `actor`'s. Answers what `change` answers;
 * a failed change records nothing.
 */
export async function recordingChange<T extends { ok: boolean }>(
  db: DbOrTx,
  actor: Actor,
  meta: RecordedChange,
  input: unknown,
  change: () => Promise<T>,
): Promise<T> {
  const lookup = LABELS[meta.entity];
  const rowOf = meta.action === 'updated' ? ROWS[meta.entity] : undefined;
  const givenId = idOf(meta.entity, input, undefined);
  const before = lookup && givenId !== undefined ? lookup(db, givenId) : undefined;
  const rowBefore = rowOf && givenId !== undefined ? rowOf(db, givenId) : undefined;
  const result = await change();
  if (!result.ok) return result;
  const entityId = idOf(meta.entity, input, 'data' in result ? result.data : undefined) ?? null;
  const after = lookup && entityId !== null ? lookup(db, entityId) : undefined;
  const rowAfter = rowOf && entityId !== null ? rowOf(db, entityId) : undefined;
  const edited =
    rowBefore && rowAfter ? changedColumns(rowBefore, rowAfter) : meta.action === 'updated' ? changedFields(input) : '';
  recordActivity(db, actor, {
    entity: meta.entity,
    entityId: lookup ? entityId : null,
    entityLabel: meta.label ?? after ?? before ?? '',
    action: meta.action,
    detail: meta.detail ?? edited,
  });
  return result;
}
