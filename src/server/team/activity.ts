// The activity log's writes and reads (README "Who changed what"; decision 0036). A booking's
// changes are recorded by the booking commands inside the change's own transaction; every other
// back-office change by the tRPC middleware (./middleware.ts) once it succeeded. Rows are kept
// ACTIVITY_KEEP_DAYS, then pruned by the delivery loop's bookkeeping.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_ACTORS,
  ACTIVITY_KEEP_DAYS,
  FORMER_CUSTOMER_NAME,
  type ActivityAction,
  type ActivityActor,
  type ActivityEntity,
} from '@/shared/constants';
import type { ActivityEntry, ActivityPage } from '@/shared/schemas/activity';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { activity } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import type { Actor } from './actor';

export interface Change {
  entity: ActivityEntity;
  entityId: string | null;
  entityLabel: string;
  action: ActivityAction;
  detail?: string;
}

const p = (name: string) => sql.placeholder(name);

/** Written with every booking made or changed: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  insert: db
    .insert(activity)
    .values({
      id: p('id'),
      at: p('at'),
      actorKind: p('actorKind'),
      actorId: p('actorId'),
      actorName: p('actorName'),
      actorRole: p('actorRole'),
      entity: p('entity'),
      entityId: p('entityId'),
      entityLabel: p('entityLabel'),
      action: p('action'),
      detail: p('detail'),
    })
    .prepare(),
}));

/** Writes one change made by `actor` (inside the caller's transaction, when it has one). */
export function recordActivity(db: DbOrTx, actor: Actor, change: Change, at: Date = new Date()): void {
  statementsOf(db).insert.run({
    id: newId(),
    at,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    entity: change.entity,
    entityId: change.entityId,
    entityLabel: change.entityLabel,
    action: change.action,
    detail: change.detail ?? '',
  });
}

const entryColumns = {
  _id: activity.id,
  at: activity.at,
  actorKind: activity.actorKind,
  actorName: activity.actorName,
  actorRole: activity.actorRole,
  entity: activity.entity,
  entityId: activity.entityId,
  entityLabel: activity.entityLabel,
  action: activity.action,
  detail: activity.detail,
};

const toEntry = (row: {
  _id: string;
  at: Date;
  actorKind: ActivityActor;
  actorName: string;
  actorRole: ActivityEntry['actorRole'];
  entity: ActivityEntity;
  entityId: string | null;
  entityLabel: string;
  action: ActivityAction;
  detail: string;
}): ActivityEntry => ({ ...row, at: row.at.toISOString() });

/** A booking's timeline: every change recorded of it, oldest first. */
export function bookingHistory(db: DbOrTx, bookingId: string): ActivityEntry[] {
  return db
    .select(entryColumns)
    .from(activity)
    .where(and(eq(activity.entity, 'booking'), eq(activity.entityId, bookingId)))
    .orderBy(activity.at, activity.id)
    .all()
    .map(toEntry);
}

export interface ActivityQuery {
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** A kind of actor, or one account's (or API token's) id. */
  actor?: string | undefined;
  entity?: ActivityEntity | undefined;
  page: number;
  pageSize: number;
}

const isActorKind = (value: string): value is ActivityActor => (ACTIVITY_ACTORS as readonly string[]).includes(value);

/** Settings → Activity: the changes that match, newest first, a page at a time, with how many match. */
export function listActivity(db: DbOrTx, query: ActivityQuery): ActivityPage {
  const conditions: (SQL | undefined)[] = [
    query.from === undefined ? undefined : gte(activity.at, query.from),
    query.to === undefined ? undefined : lt(activity.at, query.to),
    query.entity === undefined ? undefined : eq(activity.entity, query.entity),
    query.actor === undefined
      ? undefined
      : isActorKind(query.actor)
        ? eq(activity.actorKind, query.actor)
        : eq(activity.actorId, query.actor),
  ];
  const where = and(...conditions);
  const items = db
    .select(entryColumns)
    .from(activity)
    .where(where)
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all()
    .map(toEntry);
  const total = db.select({ n: count() }).from(activity).where(where).get()?.n ?? 0;
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** Drops the changes older than ACTIVITY_KEEP_DAYS; answers how many went. */
export function pruneActivity(db: DbOrTx, now: number): number {
  const cutoff = new Date(now - ACTIVITY_KEEP_DAYS * 86_400_000);
  return db.delete(activity).where(lt(activity.at, cutoff)).run().changes;
}

/**
 * A customer deleted their account: the changes they made stay, by "Former customer", and a change
 * to their customer record no longer names them (in the deletion's transaction).
 */
export function forgetActivityOf(tx: DbOrTx, userId: string): void {
  tx.update(activity)
    .set({ actorName: FORMER_CUSTOMER_NAME, actorId: null })
    .where(and(eq(activity.actorKind, 'customer'), eq(activity.actorId, userId)))
    .run();
  tx.update(activity)
    .set({ entityLabel: FORMER_CUSTOMER_NAME })
    .where(and(eq(activity.entity, 'customer'), eq(activity.entityId, userId)))
    .run();
}
