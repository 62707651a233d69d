// Errors in the salon's own words. Feature modules throw these; the tRPC boundary
// (trpc/errors.ts) turns each kind into its answer once, so /trpc and /api/v1 say the same.
// This module imports nothing: every room may use it (docs/decisions/0033-errors-and-names.md).

/** One field's complaint: the path of the field in the input and what is wrong with it. */
export interface FieldError {
  path: string;
  message: string;
}

/** What went wrong, as the salon would say it; each kind has one answer (400, 401, ... 429). */
export type SalonErrorKind =
  | 'invalid'
  | 'invalid-fields'
  | 'not-signed-in'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'file-too-large'
  | 'unsupported-file'
  | 'too-many-requests';

/** A refusal the person asking may read: its message is shown as it is. */
export abstract class SalonError extends Error {
  abstract readonly kind: SalonErrorKind;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The request cannot be done as asked (a booking already started, a link that is not valid). */
export class InvalidRequest extends SalonError {
  readonly kind = 'invalid';
}

/**
 * Invalid input found by a rule a schema cannot check alone (one that needs the database or the
 * salon's time zone): answered like a schema's own refusal, with the fields and their messages.
 */
export class InvalidFields extends SalonError {
  readonly kind = 'invalid-fields';
  constructor(readonly fields: [FieldError, ...FieldError[]]) {
    super(fields[0].message);
  }
}

/** Nobody is signed in, or the account is gone. */
export class NotSignedIn extends SalonError {
  readonly kind = 'not-signed-in';
  constructor(message = 'Please login first') {
    super(message);
  }
}

/** Signed in, but this is someone else's (a booking, a review). */
export class Forbidden extends SalonError {
  readonly kind = 'forbidden';
}

export class NotFound extends SalonError {
  readonly kind = 'not-found';
}

/** Taken by someone else already: a time slot, a name, an e-mail address. */
export class Conflict extends SalonError {
  readonly kind = 'conflict';
}

export class FileTooLarge extends SalonError {
  readonly kind = 'file-too-large';
}

/** A file that is not one of the kinds accepted (an image that is not JPEG, PNG or WebP). */
export class UnsupportedFile extends SalonError {
  readonly kind = 'unsupported-file';
}

/** Too many tries: `waitMs` until the next one is counted again. */
export class TooManyRequests extends SalonError {
  readonly kind = 'too-many-requests';
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message);
  }
}
