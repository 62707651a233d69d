// The nudges to rebook (README "Nudges to rebook"): a service may have a rebooking interval in
// weeks; that long after a completed visit, when its customer has booked nothing since, they get one
// e-mail with a link to the booking form with the same service and specialist chosen, and a
// one-click unsubscribe (RFC 8058) that turns off the nudges alone. A loop started with the app
// looks every quarter of an hour; a pass costs one read of the services when none has an interval.
import { and, isNotNull, isNull } from 'drizzle-orm';
import { PUBLIC_PAGES } from '@/shared/public-pages';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { rebookNudges, services } from '@/server/db/schema';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import { unsubscribeTokenOf } from '@/server/bookings/notify';
import { calendarDay } from '@/server/domain/calendar';
import { visitsDueAt } from '@/server/domain/nudges';
import type { Config } from '@/server/env';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { startPeriodic, type Periodic, type PeriodicLog } from '@/server/periodic';

export interface NudgeDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'publicUrl'>;
  outbox: Outbox;
}

/** Visits nudged for in one pass, per service, at most (the rest go in the next pass). */
const PASS_MAX = 500;

interface DueVisit {
  bookingId: string;
  /** The visit it is an item of (its own id when a booking of one service): one nudge per visit. */
  visitKey: string;
  userId: string;
  serviceId: string;
  specialistId: string;
  email: string;
  fullName: string;
  serviceName: string;
  /** Null when the specialist has left or no longer offers the service: the link chooses the service only. */
  specialistName: string | null;
}

const statementsOf = preparedOnce((db) => ({
  // The completed visits of one service whose nudge moment has come (read by day through
  // bookings_date_idx: `+b.status` keeps SQLite from reading every completed booking through
  // bookings_status_created_idx instead), of customers who want nudges, not nudged yet, and after which the customer
  // has booked nothing: no booking made since the visit began, nor one (not cancelled) later than
  // it, the items of the same visit apart. That leaves each customer's latest visit at most.
  due: connectionOf(db).prepare<
    { serviceId: string; fromDay: string; toDay: string; after: number; notAfter: number; limit: number },
    DueVisit
  >(`
    SELECT b.id AS bookingId, coalesce(b.visit_id, b.id) AS visitKey, b.user_id AS userId, b.service_id AS serviceId, b.specialist_id AS specialistId,
      u.email AS email, u.full_name AS fullName, s.name AS serviceName,
      CASE WHEN sp.deleted_at IS NULL AND ss.service_id IS NOT NULL THEN sp.name END AS specialistName
    FROM bookings b
    JOIN users u ON u.id = b.user_id
    JOIN services s ON s.id = b.service_id
    LEFT JOIN specialists sp ON sp.id = b.specialist_id
    LEFT JOIN specialist_services ss ON ss.specialist_id = b.specialist_id AND ss.service_id = b.service_id
    WHERE b.booking_date BETWEEN :fromDay AND :toDay AND +b.status = 'completed' AND b.service_id = :serviceId
      AND b.starts_at > :after AND b.starts_at <= :notAfter
      AND u.deleted_at IS NULL AND u.nudges_off_at IS NULL AND u.email <> ''
      AND NOT EXISTS (SELECT 1 FROM rebook_nudges n WHERE n.after_booking_id = b.id OR n.after_booking_id IN (
        SELECT v.id FROM bookings v WHERE b.visit_id IS NOT NULL AND v.visit_id = b.visit_id))
      AND NOT EXISTS (
        SELECT 1 FROM bookings o
        WHERE o.user_id = b.user_id AND coalesce(o.visit_id, o.id) <> coalesce(b.visit_id, b.id)
          AND (o.created_at > b.starts_at OR (o.starts_at > b.starts_at AND o.status <> 'cancelled')))
    ORDER BY b.starts_at
    LIMIT :limit`),
}));

/** The booking form with the service (and the specialist, when given) chosen: `/appointment?service=…&specialist=…`. */
export function rebookLink(publicUrl: string, serviceId: string, specialistId: string | null): string {
  const params = new URLSearchParams({ service: serviceId });
  if (specialistId !== null) params.set('specialist', specialistId);
  return `${publicUrl}${PUBLIC_PAGES.appointment.path}?${params.toString()}`;
}

/** Where a nudge's customer turns the nudges off in one click (reminders go on): customers' one unsubscribe token. */
export function nudgeUnsubscribeLink(tx: DbOrTx, publicUrl: string, userId: string): string {
  return `${publicUrl}/unsubscribe/${unsubscribeTokenOf(tx, userId)}?mails=nudges`;
}

/**
 * One pass: every completed visit whose nudge is due at `now` gets its row in `rebook_nudges` and
 * its mail in the outbox, together in one transaction (the unique `after_booking_id` keeps it to
 * one, whatever runs at once). Answers how many were nudged.
 */
export function sendDueNudges(deps: NudgeDeps, now: Date = new Date()): number {
  const { db, config } = deps;
  const intervals = db
    .select({ id: services.id, weeks: services.rebookWeeks })
    .from(services)
    .where(and(isNotNull(services.rebookWeeks), isNull(services.deletedAt)))
    .all();
  if (intervals.length === 0) return 0;
  const dayOf = (instant: Date) => calendarDay(instant, config.timezone);
  const sent = db.transaction(
    (tx) => {
      let count = 0;
      const nudged = new Set<string>();
      for (const { id: serviceId, weeks } of intervals) {
        if (weeks === null) continue;
        const window = visitsDueAt(weeks, now, dayOf);
        const due = statementsOf(tx).due.all({
          serviceId,
          fromDay: window.fromDay,
          toDay: window.toDay,
          after: window.after.getTime(),
          notAfter: window.notAfter.getTime(),
          limit: PASS_MAX,
        });
        for (const visit of due) {
          // A visit of two services with intervals is nudged once, for the first due.
          if (nudged.has(visit.visitKey)) continue;
          nudged.add(visit.visitKey);
          const written = tx
            .insert(rebookNudges)
            .values({
              id: newId(now),
              userId: visit.userId,
              afterBookingId: visit.bookingId,
              serviceId: visit.serviceId,
              specialistId: visit.specialistId,
              sentAt: now,
            })
            .onConflictDoNothing()
            .run().changes;
          if (written === 0) continue;
          enqueueMail(
            tx,
            visit.email,
            {
              template: 'rebook-nudge',
              fullName: visit.fullName,
              serviceName: visit.serviceName,
              specialistName: visit.specialistName,
              weeks,
              bookLink: rebookLink(
                config.publicUrl,
                visit.serviceId,
                visit.specialistName === null ? null : visit.specialistId,
              ),
              unsubscribeLink: nudgeUnsubscribeLink(tx, config.publicUrl, visit.userId),
            },
            { dedupeKey: `rebook-nudge:${visit.bookingId}` },
          );
          count += 1;
        }
      }
      return count;
    },
    { behavior: 'immediate' },
  );
  if (sent > 0) deps.outbox.wake();
  return sent;
}

export type NudgeLoop = Periodic<number>;

/** Runs `sendDueNudges` every `pollMs` (by default 15 minutes, the first 10 s after the start) until closed. */
export function startNudgeLoop(deps: NudgeDeps & { log: PeriodicLog; pollMs?: number }): NudgeLoop {
  return startPeriodic({
    pollMs: deps.pollMs ?? 15 * 60_000,
    // Soon after the start, unless told how often (tests run their passes by hand).
    firstMs: deps.pollMs === undefined ? 10_000 : undefined,
    idle: 0,
    log: deps.log,
    failed: 'nudging customers to rebook failed; will try again',
    pass: (now) => {
      const sent = sendDueNudges(deps, now);
      if (sent > 0) deps.log.info({ nudges: sent }, 'nudges to rebook written to the outbox');
      return sent;
    },
  });
}
