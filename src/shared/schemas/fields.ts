// Field schemas that several forms share, each with the spec's exact messages.
import { z } from 'zod';
import { NAME_MIN_LENGTH, OTP_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '../constants';

/** A required e-mail: one message when empty, another when malformed. Lower-cased for lookups. */
export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .pipe(z.email(invalidMessage))
    .transform((email) => email.toLowerCase());

export const requiredText = (message: string) => z.string(message).trim().min(1, message);

export const phoneField = (message: string) =>
  z.string(message).trim().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), message);

export const fullNameField = z.string('Name is too short').trim().min(NAME_MIN_LENGTH, 'Name is too short');

export const newPasswordField = z.string('Minimum 6 characters').min(PASSWORD_MIN_LENGTH, 'Minimum 6 characters');

export const otpField = z
  .string('OTP must be 4 digits')
  .trim()
  .length(OTP_LENGTH, 'OTP must be 4 digits')
  .regex(/^\d+$/, 'OTP must be numeric');

/**
 * An image as procedures receive it: base64 (a `data:` URL prefix is allowed), so the typed
 * procedures stay JSON. The server checks its content and size (src/server/files/images.ts).
 */
export const imageDataField = z.string('Image is required').min(1, 'Image is required');

/** A file picked in a form (browser only; the server never sees a File). */
export const pickedFile = (message: string) =>
  z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, message);
