// `admin.services.import`: creates or updates many services at once (`npm run services:import`),
// all or nothing. Rows are matched to live services by name, in any letter case.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  createServiceSchema,
  importLineKey,
  importServicesResultSchema,
  importServicesSchema,
  type ImportServicesResult,
} from '../../../shared/schemas/service';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { newId } from '../../db/ids';
import { services } from '../../db/schema';
import { decodeBase64Image, removeImageQuietly, storeImage } from '../../files/images';
import { invalidFields, type FieldError } from '../../trpc/errors';
import { adminProcedure } from '../../trpc/init';
import type { Context } from '../../trpc/context';

type ImportRow = ReturnType<typeof importServicesSchema.parse>['rows'][number];

/** The live service with this name in any letter case (SQLite's `lower()`, as the unique index has it). */
function liveServiceNamed(db: DbOrTx, name: string): { id: string; imageUrl: string } | undefined {
  return db
    .select({ id: services.id, imageUrl: services.imageUrl })
    .from(services)
    .where(and(sql`lower(${services.name}) = lower(${name})`, isNull(services.deletedAt)))
    .get();
}

/** The stored columns; a buffer left out is not written (0 for a new service, kept on update). */
const columnsOf = (row: ImportRow) => ({
  name: row.name,
  category: row.category,
  price: row.price,
  durationMinutes: row.duration,
  description: row.description,
  ...(row.bufferMinutes === undefined ? {} : { bufferMinutes: row.bufferMinutes }),
});

/** The create form's own message for a missing image ("Image is required"). */
function missingImageMessage(): string {
  const checked = createServiceSchema.shape.image.safeParse(undefined);
  return checked.success ? 'Image is required' : (checked.error.issues[0]?.message ?? 'Image is required');
}

const throwIfAny = (errors: FieldError[]): void => {
  const [first, ...rest] = errors;
  if (first) throw invalidFields([first, ...rest]);
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
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') {
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

export async function importServices(ctx: Pick<Context, 'db' | 'config'>, rows: ImportRow[]): Promise<ImportServicesResult> {
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
              .set({ ...columnsOf(row), ...(imageUrl === undefined ? {} : { imageUrl }) })
              .where(eq(services.id, existing.id))
              .run();
            if (imageUrl !== undefined) replaced.push(existing.imageUrl);
            result.updated += 1;
            result.services.push({ line: row.line, _id: existing.id, name: row.name, action: 'updated' });
          } else {
            if (imageUrl === undefined) {
              throw invalidFields([{ path: `${importLineKey(row.line)}.image`, message: missingImageMessage() }]);
            }
            const id = newId();
            tx.insert(services).values({ id, ...columnsOf(row), imageUrl }).run();
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
      throw new TRPCError({ code: 'CONFLICT', message: 'The services changed during the import; please import again.' });
    }
    throw error;
  }
  for (const imageUrl of written.replaced) await removeImageQuietly(imageUrl, uploadsDir);
  return written.result;
}

/**
 * Creates or updates services from rows of a spreadsheet, all or nothing: a row's name that a
 * live service has (in any letter case) updates that service (every field replaced, the image
 * only when one is sent), another creates one (an image is required). Every complaint carries
 * its row's line: `line 4.price`.
 */
export const importServicesProcedure = adminProcedure
  .input(importServicesSchema)
  .output(importServicesResultSchema)
  .mutation(({ ctx, input }) => importServices(ctx, input.rows));
