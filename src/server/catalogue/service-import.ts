// Creates or updates many services at once (`admin.services.import`, `npm run services:import`),
// all or nothing. Rows are matched to live services by name, in any letter case.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  createServiceSchema,
  importLineKey,
  type importServicesSchema,
  type ImportServicesResult,
} from '@/shared/schemas/services';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { services } from '@/server/db/schema';
import { decodeBase64Image, removeImageQuietly, storeImage } from '@/server/files/images';
import type { Config } from '@/server/env';
import { serviceColumnsOf } from './services';
import { Conflict, InvalidFields, SalonError, type FieldError } from '@/server/errors';

type ImportRow = z.output<typeof importServicesSchema>['rows'][number];

/** The live service with this name in any letter case (SQLite's `lower()`, as the unique index has it). */
function liveServiceNamed(db: DbOrTx, name: string): { id: string; imageUrl: string } | undefined {
  return db
    .select({ id: services.id, imageUrl: services.imageUrl })
    .from(services)
    .where(and(sql`lower(${services.name}) = lower(${name})`, isNull(services.deletedAt)))
    .get();
}

/** The create form's own message for a missing image ("Image is required"). */
function missingImageMessage(): string {
  const checked = createServiceSchema.shape.image.safeParse(undefined);
  return checked.success ? 'Image is required' : (checked.error.issues[0]?.message ?? 'Image is required');
}

const throwIfAny = (errors: FieldError[]): void => {
  const [first, ...rest] = errors;
  if (first) throw new InvalidFields([first, ...rest]);
};

/**
 * Stores every row's image, or none: a refused picture is reported with its line, and once any
 * is refused the ones stored already are removed again.
 */
async function storeImages(rows: ImportRow[], uploadsDir: string): Promise<Map<ImportRow, string>> {
  const stored = new Map<ImportRow, string>();
  const errors: FieldError[] = [];
  for (const row of rows) {
    if (row.image === undefined) continue;
    try {
      stored.set(row, await storeImage(decodeBase64Image(row.image), uploadsDir));
    } catch (error) {
      if (!(error instanceof SalonError)) {
        await removeAll(stored, uploadsDir);
        throw error;
      }
      errors.push({ path: `${importLineKey(row.line)}.image`, message: error.message });
    }
  }
  if (errors.length > 0) {
    await removeAll(stored, uploadsDir);
    throwIfAny(errors);
  }
  return stored;
}

async function removeAll(stored: Map<ImportRow, string>, uploadsDir: string): Promise<void> {
  for (const imageUrl of stored.values()) await removeImageQuietly(imageUrl, uploadsDir);
}

/**
 * Creates or updates services from rows of a spreadsheet, all or nothing: a row's name that a
 * live service has (in any letter case) updates that service (every field replaced, the image
 * only when one is sent), another creates one (an image is required). Every complaint carries
 * its row's line: `line 4.price`.
 */
export async function importServices(
  ctx: { db: Db; config: Pick<Config, 'uploadsDir'> },
  rows: ImportRow[],
): Promise<ImportServicesResult> {
  const { db } = ctx;
  const { uploadsDir } = ctx.config;

  // A new service needs its picture, as in the admin's form: refused before any image is stored.
  throwIfAny(
    rows
      .filter((row) => row.image === undefined && !liveServiceNamed(db, row.name))
      .map((row) => ({ path: `${importLineKey(row.line)}.image`, message: missingImageMessage() })),
  );

  const stored = await storeImages(rows, uploadsDir);
  let written: { result: ImportServicesResult; replaced: string[] };
  try {
    // One synchronous transaction: every row is written, or (on any throw) none is.
    written = db.transaction(
      (tx) => {
        const result: ImportServicesResult = { created: 0, updated: 0, services: [] };
        const replaced: string[] = [];
        for (const row of rows) {
          const imageUrl = stored.get(row);
          // Looked up again inside the transaction: another admin may have changed the catalogue.
          const existing = liveServiceNamed(tx, row.name);
          if (existing) {
            tx.update(services)
              .set({ ...serviceColumnsOf(row), ...(imageUrl === undefined ? {} : { imageUrl }) })
              .where(eq(services.id, existing.id))
              .run();
            if (imageUrl !== undefined) replaced.push(existing.imageUrl);
            result.updated += 1;
            result.services.push({ line: row.line, _id: existing.id, name: row.name, action: 'updated' });
          } else {
            if (imageUrl === undefined) {
              throw new InvalidFields([{ path: `${importLineKey(row.line)}.image`, message: missingImageMessage() }]);
            }
            const id = newId();
            tx.insert(services)
              .values({ id, ...serviceColumnsOf(row), imageUrl })
              .run();
            result.created += 1;
            result.services.push({ line: row.line, _id: id, name: row.name, action: 'created' });
          }
        }
        return { result, replaced };
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    await removeAll(stored, uploadsDir);
    if (isUniqueViolation(error)) {
      throw new Conflict('The services changed during the import; please import again.');
    }
    throw error;
  }
  for (const imageUrl of written.replaced) await removeImageQuietly(imageUrl, uploadsDir);
  return written.result;
}
