// The admin's service form and the procedures behind it.
import { z } from 'zod';
import {
  ADVANCE_MAX_DAYS,
  BUFFER_MAX_MINUTES,
  NOTICE_MAX_MINUTES,
  PROCESSING_MAX_MINUTES,
  DESCRIPTION_MAX_LENGTH,
  DURATION_MAX_MINUTES,
  NAME_MAX_LENGTH,
  PRICE_MAX,
  REBOOK_WEEKS_MAX,
  SERVICE_CATEGORIES,
} from '@/shared/constants';
import { blankToUndefined, boundedText, imageFormSchemas, numberFromText, requiredNumber } from './fields';

/** A service as every caller sees it: tRPC, `/api/v1/services` and the pages. */
export const serviceSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    category: z.enum(SERVICE_CATEGORIES),
    price: z.number(),
    duration: z.number().int(),
    /**
     * Minutes kept free after the service (cleaning, preparation) before the specialist's next
     * booking. Every server answer carries it; it is optional here only so that a service written
     * by hand (a test fixture, an older client) still type-checks.
     */
    bufferMinutes: z.number().int().optional(),
    /**
     * Minutes after the service during which the client stays (colour developing) but the
     * specialist is free; a visit's next service starts after them. Like the buffer, optional here
     * only for services written by hand.
     */
    processingMinutes: z.number().int().optional(),
    /** How long ahead the service must be booked at least, in minutes (0: any time ahead). */
    minNoticeMinutes: z.number().int().optional(),
    /** How many days ahead it may be booked; null: the salon's horizon. */
    maxAdvanceDays: z.number().int().nullable().optional(),
    /** Weeks after a completed visit at which its customer is nudged to book it again; null: never. */
    rebookWeeks: z.number().int().nullable().optional(),
    description: z.string(),
    image: z.object({ url: z.string() }),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

/** A whole number of `unit` from a form's text or a JSON number, optional: blank reads as not given. */
const optionalWhole = (label: string, unit: 'minutes', max: number) =>
  z.preprocess(
    (value: number | string | null | undefined) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? Number(given) : given;
    },
    z
      .number(`${label} must be a number`)
      .int(`${label} must be a whole number of ${unit}`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${String(max)} ${unit}`)
      .optional(),
  );

const serviceFields = z.object({
  name: boundedText('Name is required', 'Name', NAME_MAX_LENGTH),
  price: numberFromText(
    requiredNumber('Price is required', 'Price must be a number')
      .min(0, 'Price cannot be negative')
      .max(PRICE_MAX, `Price must be at most ${String(PRICE_MAX)}`),
  ),
  /** Whole minutes. */
  duration: numberFromText(
    requiredNumber('Duration is required', 'Duration must be a number')
      .int('Duration must be a whole number of minutes')
      .positive('Duration must be at least 1 minute')
      .max(DURATION_MAX_MINUTES, `Duration must be at most ${String(DURATION_MAX_MINUTES)} minutes`),
  ),
  category: z.enum(SERVICE_CATEGORIES, {
    // The form's select can only be left empty; an API call or an imported file can name anything.
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Category is required'
        : `Category must be one of: ${SERVICE_CATEGORIES.join(', ')}`,
  }),
  description: boundedText('Description is required', 'Description', DESCRIPTION_MAX_LENGTH),
  /**
   * Whole minutes, optional: a new service without it gets 0; an update without it keeps the
   * stored value (the admin form may not show the field).
   */
  bufferMinutes: optionalWhole('Buffer', 'minutes', BUFFER_MAX_MINUTES),
  processingMinutes: optionalWhole('Processing time', 'minutes', PROCESSING_MAX_MINUTES),
  minNoticeMinutes: optionalWhole('Minimum notice', 'minutes', NOTICE_MAX_MINUTES),
  /** Left out: kept (the salon's horizon on a new service); blank or null: the salon's horizon. */
  maxAdvanceDays: z.preprocess(
    (value: number | string | null | undefined) => {
      if (value === undefined) return undefined;
      const given = blankToUndefined(value);
      return given === undefined ? null : typeof given === 'string' ? Number(given) : given;
    },
    z
      .number('Booking horizon must be a number')
      .int('Booking horizon must be a whole number of days')
      .min(1, 'Booking horizon must be at least 1 day')
      .max(ADVANCE_MAX_DAYS, `Booking horizon must be at most ${String(ADVANCE_MAX_DAYS)} days`)
      .nullable()
      .optional(),
  ),
  /** The nudge to rebook, in weeks after a completed visit. Left out: kept (none on a new service); blank or null: none. */
  rebookWeeks: z.preprocess(
    (value: number | string | null | undefined) => {
      if (value === undefined) return undefined;
      const given = blankToUndefined(value);
      return given === undefined ? null : typeof given === 'string' ? Number(given) : given;
    },
    z
      .number('Nudge to rebook must be a number of weeks')
      .int('Nudge to rebook must be a whole number of weeks')
      .min(1, 'Nudge to rebook must be at least 1 week (leave it empty for no nudge)')
      .max(REBOOK_WEEKS_MAX, `Nudge to rebook must be at most ${String(REBOOK_WEEKS_MAX)} weeks`)
      .nullable()
      .optional(),
  ),
});

const schemas = imageFormSchemas(serviceFields);

/** The admin's add/edit modal: `hasImage` when editing a service that has its picture already. */
export const serviceFormSchema = schemas.form;
export type ServiceFormValues = z.input<ReturnType<typeof serviceFormSchema>>;

/** What `admin.services.create` receives: the fields and the image as base64. */
export const createServiceSchema = schemas.create;
export type CreateServiceInput = z.input<typeof createServiceSchema>;

/** What `admin.services.update` receives: the id, every field, and a new image if one was picked. */
export const updateServiceSchema = schemas.update;
export type UpdateServiceInput = z.input<typeof updateServiceSchema>;

// ------------------------------------------------ importing services (`npm run services:import`)

/** Services one `admin.services.import` call may carry (the 8 MB request limit may bind first). */
export const SERVICE_IMPORT_MAX_ROWS = 1000;

/** A value as a CSV cell holds it; a JSON caller may send the numbers as numbers. */
const importedText = z.string().nullish();
const importedNumber = z.union([z.string(), z.number()]).nullish();

/**
 * One row of an import as sent: its line in the file (the header is line 1) and its cells as
 * they are. The cells are checked by `serviceImportRowSchema`, row by row, so that every bad row
 * is reported with its line rather than the first one only.
 */
export const serviceImportRowInputSchema = z.object({
  line: z.number().int().min(1),
  name: importedText,
  category: importedText,
  price: importedNumber,
  duration: importedNumber,
  description: importedText,
  bufferMinutes: importedNumber,
  /** Base64, as `admin.services.create` takes it: required for a new service, optional for an update. */
  image: importedText,
});
export type ServiceImportRowInput = z.input<typeof serviceImportRowInputSchema>;

/** The fields of one imported service: the service form's own rules, with the image optional. */
export const serviceImportRowSchema = serviceFields.extend({ image: updateServiceSchema.shape.image });

/** Where an imported row's complaint is reported: `line 4` (then `.price`, as field paths go). */
export const importLineKey = (line: number): string => `line ${line}`;

/**
 * What `admin.services.import` receives. Every row is checked with the service form's rules and
 * its complaints carry the path `line N.field`; a name given twice (in any letter case) is refused
 * on its second line. The image a new service needs is checked by the server, which knows the
 * names already taken.
 */
export const importServicesSchema = z
  .object({
    rows: z
      .array(serviceImportRowInputSchema)
      .min(1, 'There are no services to import')
      .max(SERVICE_IMPORT_MAX_ROWS, `At most ${SERVICE_IMPORT_MAX_ROWS} services can be imported at once`),
  })
  .transform((input, ctx) => {
    const rows: (z.output<typeof serviceImportRowSchema> & { line: number })[] = [];
    const lineOfName = new Map<string, number>();
    for (const { line, ...cells } of input.rows) {
      const parsed = serviceImportRowSchema.safeParse(cells);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: [importLineKey(line), ...issue.path] });
        }
      } else rows.push({ line, ...parsed.data });
      // Checked on rows with other mistakes too, so that fixing those reveals nothing new.
      const key = cells.name?.trim().toLowerCase();
      if (!key) continue;
      const earlier = lineOfName.get(key);
      if (earlier === undefined) lineOfName.set(key, line);
      else
        ctx.addIssue({
          code: 'custom',
          message: `This name is on line ${earlier} already`,
          path: [importLineKey(line), 'name'],
        });
    }
    return { rows };
  });
export type ImportServicesInput = z.input<typeof importServicesSchema>;

/** What an import answers: how many services it created and updated, and which. */
export const importServicesResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** In the order of the rows. */
  services: z.array(
    z.object({ line: z.number().int(), _id: z.string(), name: z.string(), action: z.enum(['created', 'updated']) }),
  ),
});
export type ImportServicesResult = z.infer<typeof importServicesResultSchema>;
