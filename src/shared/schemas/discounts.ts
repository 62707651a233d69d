// The admin's discount form and the procedures behind it.
import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  SERVICE_CATEGORIES,
  TITLE_MAX_LENGTH,
} from '@/shared/constants';
import { dayOfDateInput, isDateInput, localCalendarDay } from '@/shared/calendar-days';
import {
  boundedText,
  dayInRange,
  imageFormSchemas,
  listField,
  numberFromText,
  requiredNumber,
  requiredText,
  tooLongMessage,
  whenFieldsValid,
} from './fields';

/** A discount as every caller sees it. */
export const discountSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    percentage: z.number().int(),
    category: z.array(z.enum(SERVICE_CATEGORIES)),
    description: z.string().nullable(),
    /** Calendar days `YYYY-MM-DD` in the salon's time zone, both inclusive. */
    validFrom: z.string(),
    validTill: z.string(),
    image: z.object({ url: z.string() }),
    /** Today (in the salon's time zone) lies between validFrom and validTill. */
    isActive: z.boolean(),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;

/** `YYYY-MM-DD`; a full ISO date-time is accepted too and read as a day where it is checked. */
const dateField = (label: string) =>
  requiredText(`${label} is required`)
    .pipe(z.string().refine(isDateInput, `${label} must be a date such as 2026-12-31`))
    .pipe(dayInRange(label));

const discountFields = z.object({
  title: boundedText('Title is required', 'Title', TITLE_MAX_LENGTH),
  percentage: numberFromText(
    requiredNumber('Percentage is required', 'Percentage must be a number')
      .int('Percentage must be a whole number')
      .min(DISCOUNT_PERCENT_MIN, 'Min is 1%')
      .max(DISCOUNT_PERCENT_MAX, 'Max is 100%'),
  ),
  category: listField(
    z.enum(SERVICE_CATEGORIES, 'Please choose categories from the list.'),
    'Please select at least one category.',
  ),
  /** Optional: blank or missing reads as none (null). */
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, tooLongMessage('Description', DESCRIPTION_MAX_LENGTH))
    .nullish()
    .transform((text) => (text === '' || text === undefined ? null : text)),
  validFrom: dateField('Valid From'),
  validTill: dateField('Valid Till'),
});

export interface DateIssue {
  path: 'validFrom' | 'validTill';
  message: string;
}

/**
 * The rules between the two days and today, all calendar days: the form checks them against the
 * browser's today, the server against today in the salon's time zone.
 */
export function discountDateIssues(validFrom: string, validTill: string, today: string): DateIssue[] {
  if (validTill < today) return [{ path: 'validTill', message: 'Valid Till date cannot be in the past.' }];
  if (validTill < validFrom) return [{ path: 'validTill', message: 'Valid Till date cannot be before Valid From.' }];
  return [];
}

const schemas = imageFormSchemas(discountFields);

/**
 * The admin's add/edit modal: `hasImage` when editing a discount that has its picture already;
 * `today` is the browser's.
 */
export const discountFormSchema = (hasImage: boolean, today: string = localCalendarDay()) =>
  schemas.form(hasImage).superRefine(
    (value, ctx) => {
      const issues = discountDateIssues(
        dayOfDateInput(value.validFrom, localCalendarDay),
        dayOfDateInput(value.validTill, localCalendarDay),
        today,
      );
      for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    { when: whenFieldsValid('validFrom', 'validTill') },
  );
export type DiscountFormValues = z.input<ReturnType<typeof discountFormSchema>>;

/**
 * What `admin.discounts.create` receives: the fields and the image as base64. The dates are
 * checked against each other and today on the server, where the salon's time zone is known.
 */
export const createDiscountSchema = schemas.create;
export type CreateDiscountInput = z.input<typeof createDiscountSchema>;

/** What `admin.discounts.update` receives: the id, every field, and a new image if one was picked. */
export const updateDiscountSchema = schemas.update;
export type UpdateDiscountInput = z.input<typeof updateDiscountSchema>;
