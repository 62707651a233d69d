// Field schemas that several forms share, each with the spec's exact messages.
import { z } from 'zod';
import {
  CHOICE_MAX_LENGTH,
  EARLIEST_DAY,
  EMAIL_MAX_LENGTH,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  ID_MAX_LENGTH,
  isDayInRange,
  LATEST_DAY,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  REASON_MAX_LENGTH,
} from '@/shared/constants';
import { isCalendarDay } from '@/shared/calendar-days';

/** Multipart and form inputs arrive as text: '' (or only spaces) means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Text over its limit, in the forms' words: `First name must be at most 100 characters`. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${String(max)} characters`;

/** A required e-mail: one message when empty, another when malformed. Lower-cased for lookups. */
export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, tooLongMessage('Email', EMAIL_MAX_LENGTH))
    .pipe(z.email(invalidMessage))
    .transform((email) => email.toLowerCase());

/**
 * Required text, at most `max` characters after trimming. `tooLong` is the message over the limit;
 * a picked value (a date, a service) left at its required message, as no form lets a person type it.
 */
export const requiredText = (message: string, max: number = CHOICE_MAX_LENGTH, tooLong: string = message) =>
  z.string(message).trim().min(1, message).max(max, tooLong);

/** Required text a person types, named `label` in its over-the-limit message. */
export const boundedText = (message: string, label: string, max: number) =>
  requiredText(message, max, tooLongMessage(label, max));

/** Exactly PHONE_DIGITS digits: the pattern bounds the length too. */
export const phoneField = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), message);

export const fullNameField = z
  .string('Name is too short')
  .trim()
  .min(NAME_MIN_LENGTH, 'Name is too short')
  .max(NAME_MAX_LENGTH, tooLongMessage('Name', NAME_MAX_LENGTH));

export const newPasswordField = z
  .string('Minimum 6 characters')
  .min(PASSWORD_MIN_LENGTH, 'Minimum 6 characters')
  .max(PASSWORD_MAX_LENGTH, tooLongMessage('Password', PASSWORD_MAX_LENGTH));

/** A password typed to sign in or to confirm who one is: any length up to the limit. */
/** The password an account has now, asked before a change it must approve. */
export const currentPasswordField = boundedText('Current password is required', 'Password', PASSWORD_MAX_LENGTH);

export const givenPasswordField = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH, tooLongMessage('Password', PASSWORD_MAX_LENGTH));

export const otpField = z
  .string('OTP must be 4 digits')
  .trim()
  .length(OTP_LENGTH, 'OTP must be 4 digits')
  .regex(/^\d+$/, 'OTP must be numeric');

/**
 * No file: nothing, '', or the text a browser's FormData makes of a missing file (`null`,
 * `undefined`), which is not an image to decode.
 */
const noFile = (value: unknown) => {
  const given = blankToUndefined(value);
  return given === 'null' || given === 'undefined' ? undefined : given;
};

/**
 * An image as procedures receive it: base64 (a `data:` URL prefix is allowed), so the typed
 * procedures stay JSON. The server checks its content and size (src/server/files/images.ts).
 */
export const imageDataField = z.preprocess(
  (value: string | null | undefined) => noFile(value),
  z.string('Image is required').min(1, 'Image is required'),
);

/** An image a procedure may go without (an update keeps the stored one). */
export const optionalImageDataField = z.preprocess(
  (value: string | null | undefined) => noFile(value),
  z.string().optional(),
);

/** A file picked in a form (browser only; the server never sees a File). */
export const pickedFile = (message: string) =>
  z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, message);

/** The picture of a form: required while the record has none, optional once it has one. */
export const pickedImageField = (hasImage: boolean) =>
  hasImage ? pickedFile('Image is required').nullable() : pickedFile('Image is required');

/**
 * A number that may arrive as text (a multipart field, a cleared NumberInput's ''), so '' reads
 * as missing and gets the schema's "required" message, never 0.
 */
export const numberFromText = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value: number | string | null | undefined) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' ? Number(given) : given;
  }, schema);

/** A number with one message when it is missing and another when it is not a number. */
export const requiredNumber = (requiredMessage: string, invalidMessage: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) });

/**
 * A list field: multipart sends one repeated part, or a single part when one item was chosen,
 * so a lone value reads as a one-item list. Blank items are dropped and repeats collapsed.
 */
export const listField = <T extends z.ZodType<string>>(
  item: T,
  emptyMessage: string,
  most: { max: number; message: string } = { max: 50, message: 'Too many items' },
) =>
  z
    .preprocess(
      (value: z.input<T>[] | z.input<T> | null | undefined) => {
        if (value === undefined || value === null) return [];
        const list: unknown[] = Array.isArray(value) ? value : [value];
        return list.filter((entry) => blankToUndefined(entry) !== undefined);
      },
      z.array(item, emptyMessage).min(1, emptyMessage).max(most.max, most.message),
    )
    .transform((list) => [...new Set(list)]);

/** A record's id, as updates and deletes name it. */
export const idField = requiredText('Id is required', ID_MAX_LENGTH, 'Id is not valid');

/** The input of a call that names one record: delete, approve. */
export const byIdSchema = z.object({ id: idField });

/** What a delete answers: the removed record's id. */
export const deletedSchema = z.object({ _id: z.string() }).meta({ id: 'Deleted' });

/**
 * For a cross-field check (a password typed twice): run it as soon as the fields it compares
 * are valid, even while other fields of the form are not, so its message shows up with theirs.
 */
export const whenFieldsValid =
  (...names: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }): boolean =>
    // An issue without a path is about the value as a whole (no object at all, say): the check waits.
    !payload.issues.some((issue) => issue.path?.[0] === undefined || names.includes(String(issue.path[0])));

/**
 * The schemas of a form with a picture, built from one object of fields: the Mantine form's
 * (a picked File, required while the record has none), `create`'s (base64, required) and
 * `update`'s (the record's id; base64 optional: without it the stored image stays).
 */
export function imageFormSchemas<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  return {
    form: (hasImage: boolean) => fields.extend({ image: pickedImageField(hasImage) }),
    create: fields.extend({ image: imageDataField }),
    update: fields.extend({ id: idField, image: optionalImageDataField }),
  };
}

/** `H:MM` or `HH:MM`, 24-hour; the seconds a browser's time input may add are dropped. */
const CLOCK_TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** A wall-clock time, stored as zero-padded `HH:MM` so that times compare as text. */
export const clockTimeField = (label: string) =>
  requiredText(`${label} is required`)
    .pipe(z.string().regex(CLOCK_TIME, `${label} must be a time such as 09:30 (24-hour)`))
    .transform((time) => {
      const [, hours = '', minutes = ''] = CLOCK_TIME.exec(time) ?? [];
      return `${hours.padStart(2, '0')}:${minutes}`;
    });

/**
 * The one rule on how far back or ahead any date input may go, piped after the field's own format
 * check (so text that is no date gets that message alone), named `label` in its message.
 */
export const dayInRange = (label: string) =>
  z.string().refine(isDayInRange, `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`);

/** A calendar day `YYYY-MM-DD` (a real one: no 2026-02-30), named `label` in its messages. */
export const calendarDayField = (label: string) =>
  requiredText(`${label} is required`, CHOICE_MAX_LENGTH, `${label} must be a date such as 2026-12-31`)
    .refine(isCalendarDay, `${label} must be a date such as 2026-12-31`)
    .pipe(dayInRange(label));

/** Why a specialist is off or the salon is closed: optional text, blank reads as not given. */
export const reasonField = z.preprocess(
  blankToUndefined,
  z.string('Reason must be text').trim().max(REASON_MAX_LENGTH, tooLongMessage('Reason', REASON_MAX_LENGTH)).optional(),
);

export const IDEMPOTENCY_KEY_INVALID = `An idempotency key is ${String(IDEMPOTENCY_KEY_MIN_LENGTH)} to ${String(IDEMPOTENCY_KEY_MAX_LENGTH)} letters, digits, dashes, underscores, dots or colons`;

/** A key sent again with another request (or by another account): its first request was recorded. */
export const KEY_USED_FOR_ANOTHER_REQUEST = `This idempotency key went with another request in the last ${String(IDEMPOTENCY_KEY_HOURS)} hours, which was recorded. Check the till’s lists before sending this one again with a new key.`;

/**
 * A write's idempotency key, chosen by the caller (a new one per sale: the till's form draws one
 * when it opens): the same write sent again with it, after a lost answer or a second click,
 * answers what the first did and writes nothing more (server/db/idempotent.ts).
 */
export const idempotencyKeyField = z.preprocess(
  blankToUndefined,
  z
    .string(IDEMPOTENCY_KEY_INVALID)
    .regex(
      new RegExp(`^[A-Za-z0-9_.:-]{${String(IDEMPOTENCY_KEY_MIN_LENGTH)},${String(IDEMPOTENCY_KEY_MAX_LENGTH)}}$`),
      IDEMPOTENCY_KEY_INVALID,
    )
    .optional()
    .meta({
      description: `Optional. A key of your own for this write (a UUID will do): sent again within ${String(IDEMPOTENCY_KEY_HOURS)} hours with the same key and the same request, by the same account, it answers the record the first made and writes nothing more; with another request, 409.`,
    }),
);

/** A whole number that may arrive as query text; blank reads as not given. */
export const wholeNumberFromText = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? Number(given) : given;
    },
    z
      .number(`${label} must be a number`)
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .optional(),
  );
