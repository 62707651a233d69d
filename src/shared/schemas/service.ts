// The admin's service form (spec section 5) and the procedures behind it.
import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../constants';
import { blankToUndefined, imageFormSchemas, numberFromText, requiredNumber, requiredText } from './fields';

/** A service as every caller sees it: tRPC, `/api/v1/services` and the pages. */
export const serviceSchema = z.object({
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
  description: z.string(),
  image: z.object({ url: z.string() }),
});
export type Service = z.infer<typeof serviceSchema>;

const serviceFields = z.object({
  name: requiredText('Name is required'),
  price: numberFromText(requiredNumber('Price is required', 'Price must be a number').min(0, 'Price cannot be negative')),
  /** Whole minutes. */
  duration: numberFromText(
    requiredNumber('Duration is required', 'Duration must be a number')
      .int('Duration must be a whole number of minutes')
      .positive('Duration must be at least 1 minute'),
  ),
  category: z.enum(SERVICE_CATEGORIES, 'Category is required'),
  description: requiredText('Description is required'),
  /**
   * Whole minutes, optional: a new service without it gets 0; an update without it keeps the
   * stored value (the admin form may not show the field).
   */
  bufferMinutes: z.preprocess(
    (value: number | string | null | undefined) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? Number(given) : given;
    },
    z
      .number('Buffer must be a number')
      .int('Buffer must be a whole number of minutes')
      .min(0, 'Buffer cannot be negative')
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
