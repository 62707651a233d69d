// The admin's specialist form and the procedures behind it.
import { z } from 'zod';
import {
  ANY_SPECIALIST,
  DURATION_MAX_MINUTES,
  EXPERTISE_MAX,
  ID_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PRICE_MAX,
  WEEKDAYS,
} from '@/shared/constants';
import {
  boundedText,
  clockTimeField,
  emailField,
  idField,
  imageFormSchemas,
  listField,
  phoneField,
  requiredText,
  whenFieldsValid,
} from './fields';

/** A specialist as every caller sees it; `expertise` holds only services still on offer. */
export const specialistSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    expertise: z.array(z.object({ _id: z.string(), name: z.string() })),
    /**
     * The same services, each at the price and length this specialist gives it: their own where
     * the salon set one, else the service's. (Optional only so a specialist written by hand still
     * type-checks.)
     */
    services: z
      .array(
        z.object({
          service: z.object({ _id: z.string(), name: z.string() }),
          price: z.number(),
          duration: z.number().int(),
        }),
      )
      .optional(),
    /** `HH:MM`, 24-hour, salon time. */
    availableFrom: z.string(),
    availableTo: z.string(),
    /** Monday to Sunday order. */
    availableDays: z.array(z.enum(WEEKDAYS)),
    image: z.object({ url: z.string() }),
  })
  .meta({ id: 'Specialist' });
export type Specialist = z.infer<typeof specialistSchema>;

const specialistFields = z.object({
  // "any" is what the booking form sends to let the salon pick a specialist.
  name: boundedText('Name is required', 'Name', NAME_MAX_LENGTH).refine(
    (name) => name.toLowerCase() !== ANY_SPECIALIST,
    `"${ANY_SPECIALIST}" cannot be a specialist's name: the booking form uses it for "Any specialist"`,
  ),
  phone: phoneField('Please enter a valid 10-digit phone number.'),
  email: emailField('Email is required', 'Enter a valid email'),
  availableFrom: clockTimeField('Available From'),
  availableTo: clockTimeField('Available To'),
  availableDays: listField(
    z.enum(WEEKDAYS, 'Days must be weekday names, Monday to Sunday'),
    'Please select at least one day.',
  ),
  /** Ids of the services the specialist offers. */
  expertise: listField(
    z.string('Select at least one specialty').trim().max(ID_MAX_LENGTH, 'Select at least one specialty'),
    'Select at least one specialty',
    { max: EXPERTISE_MAX, message: `Select at most ${String(EXPERTISE_MAX)} specialties` },
  ),
});

/** The day's hours must run forwards: Available From before Available To. */
const withHoursInOrder = <T extends z.ZodType<{ availableFrom: string; availableTo: string }>>(schema: T) =>
  schema.refine((value) => value.availableFrom < value.availableTo, {
    message: 'Available To must be later than Available From',
    path: ['availableTo'],
    when: whenFieldsValid('availableFrom', 'availableTo'),
  });

const schemas = imageFormSchemas(specialistFields);

/** The admin's add/edit modal: `hasImage` when editing a specialist who has a picture already. */
export const specialistFormSchema = (hasImage: boolean) => withHoursInOrder(schemas.form(hasImage));
export type SpecialistFormValues = z.input<ReturnType<typeof specialistFormSchema>>;

/** What `admin.specialists.create` receives: the fields and the image as base64. */
export const createSpecialistSchema = withHoursInOrder(schemas.create);
export type CreateSpecialistInput = z.input<typeof createSpecialistSchema>;

/** What `admin.specialists.update` receives: the id, every field, and a new image if one was picked. */
export const updateSpecialistSchema = withHoursInOrder(schemas.update);
export type UpdateSpecialistInput = z.input<typeof updateSpecialistSchema>;

// ------------------------------------------------ each specialist's own price and length

/** `GET /admin/specialists/{id}/services`: what they offer, the service's terms and their own (null: the service's). */
export const specialistServiceTermsSchema = z
  .object({
    services: z.array(
      z.object({
        service: z.object({ _id: z.string(), name: z.string(), price: z.number(), duration: z.number().int() }),
        price: z.number().nullable(),
        duration: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'SpecialistServiceTerms' });
export type SpecialistServiceTerms = z.infer<typeof specialistServiceTermsSchema>;

/** Blank or null: the service's own. */
const ownTerm = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/** `PUT /admin/specialists/{id}/services`: exactly the services they offer, each at its own price and length or the service's. */
export const updateSpecialistServicesSchema = z.object({
  id: idField,
  services: z
    .array(
      z.object({
        service: requiredText('Select a service', ID_MAX_LENGTH),
        price: ownTerm(
          z
            .number('Price must be a number')
            .min(0, 'Price cannot be negative')
            .max(PRICE_MAX, `Price must be at most ${String(PRICE_MAX)}`)
            .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, 'Price must be in whole cents'),
        ),
        duration: ownTerm(
          z
            .number('Duration must be a number')
            .int('Duration must be a whole number of minutes')
            .positive('Duration must be at least 1 minute')
            .max(DURATION_MAX_MINUTES, `Duration must be at most ${String(DURATION_MAX_MINUTES)} minutes`),
        ),
      }),
      'Select at least one specialty',
    )
    .min(1, 'Select at least one specialty')
    .max(EXPERTISE_MAX, `Select at most ${String(EXPERTISE_MAX)} specialties`)
    .refine(
      (lines) => new Set(lines.map((line) => line.service)).size === lines.length,
      'Each service can be listed once',
    ),
});
export type UpdateSpecialistServicesInput = z.input<typeof updateSpecialistServicesSchema>;
export type UpdateSpecialistServicesOutput = z.output<typeof updateSpecialistServicesSchema>;
