// Services and specialists are removed by marking them (`deleted_at`) so bookings keep pointing at
// real rows, and their names are unique only among the live ones (docs/decisions/0003).
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { services, specialists } from '@/server/db/schema';
import { writeWithImage } from '@/server/files/images';
import { Conflict, NotFound } from '@/server/errors';

export interface SoftDeletedKind {
  table: typeof services | typeof specialists;
  nameTaken: string;
  notFound: string;
}

export const SERVICE_RECORDS: SoftDeletedKind = {
  table: services,
  nameTaken: 'A service with this name already exists.',
  notFound: 'Service not found',
};

export const SPECIALIST_RECORDS: SoftDeletedKind = {
  table: specialists,
  nameTaken: 'A specialist with this name already exists.',
  notFound: 'Specialist not found',
};

const live = (kind: SoftDeletedKind, id: string) => and(eq(kind.table.id, id), isNull(kind.table.deletedAt));

/** The image of the live record with this id (what an update may replace); NOT_FOUND when none. */
function liveImageOf(db: DbOrTx, kind: SoftDeletedKind, id: string): string {
  const row = db.select({ imageUrl: kind.table.imageUrl }).from(kind.table).where(live(kind, id)).get();
  if (!row) throw new NotFound(kind.notFound);
  return row.imageUrl;
}

const nameTaken = (kind: SoftDeletedKind) => new Conflict(kind.nameTaken);

/**
 * CONFLICT when another live record has this name in any letter case. `lower()` is SQLite's, as
 * in the unique index, so this check and the index agree on what counts as the same name.
 */
function assertNameFree(db: DbOrTx, kind: SoftDeletedKind, name: string, exceptId?: string): void {
  const { table } = kind;
  const row = db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.name}) = lower(${name})`,
        isNull(table.deletedAt),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .get();
  if (row) throw nameTaken(kind);
}

/**
 * Runs a write, answering CONFLICT when the unique index refuses its name: the backstop for two
 * requests that passed assertNameFree at the same time.
 */
function writeUniqueName<T>(kind: SoftDeletedKind, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(kind);
    throw error;
  }
}

/** Marks a live record removed; NOT_FOUND when there is none (or it was removed already). */
export function softDelete(db: DbOrTx, kind: SoftDeletedKind, id: string): { _id: string } {
  const result = db.update(kind.table).set({ deletedAt: new Date() }).where(live(kind, id)).run();
  if (result.changes === 0) throw new NotFound(kind.notFound);
  return { _id: id };
}

/**
 * Creates a service or specialist: a taken name is answered before the image is stored; `write`
 * inserts the record (and what belongs to it) in one transaction with the stored image's path.
 */
export async function createNamedRecord(
  db: Db,
  uploadsDir: string,
  kind: SoftDeletedKind,
  input: { name: string; image: string },
  write: (tx: DbOrTx, imageUrl: string) => void,
): Promise<void> {
  assertNameFree(db, kind, input.name);
  await writeWithImage(uploadsDir, input.image, (imageUrl) =>
    db.transaction(
      (tx) => {
        writeUniqueName(kind, () => {
          write(tx, imageUrl);
        });
        return { result: undefined };
      },
      { behavior: 'immediate' },
    ),
  );
}

/**
 * Updates a live service or specialist: an unknown id and a taken name are answered before a new
 * image is stored; `write` runs in one transaction that checks again that the record is live, and
 * gets the new image's path when one was sent. The replaced image is removed afterwards.
 */
export async function updateNamedRecord(
  db: Db,
  uploadsDir: string,
  kind: SoftDeletedKind,
  input: { id: string; name: string; image?: string | undefined },
  write: (tx: DbOrTx, imageUrl: string | undefined) => void,
): Promise<void> {
  liveImageOf(db, kind, input.id);
  assertNameFree(db, kind, input.name, input.id);
  await writeWithImage(uploadsDir, input.image, (imageUrl) =>
    db.transaction(
      (tx) => {
        // The record may have been removed or given another picture since the check above.
        const replacedImageUrl = liveImageOf(tx, kind, input.id);
        writeUniqueName(kind, () => {
          write(tx, imageUrl);
        });
        return { result: undefined, replacedImageUrl };
      },
      { behavior: 'immediate' },
    ),
  );
}
