// The uploaded-image limit, and every text that states it, built from one number.

/** The largest image a form, a procedure or a REST upload accepts, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** `5 MB`: the limit as people read it. */
export const IMAGE_SIZE_LIMIT_TEXT = `${String(MAX_IMAGE_BYTES / (1024 * 1024))} MB`;

/** What an image over the limit gets, from the server and the forms alike. */
export const IMAGE_TOO_LARGE_MESSAGE = `Image must be ${IMAGE_SIZE_LIMIT_TEXT} or smaller.`;

/** The formats the server accepts, as a form's hint says them. */
export const IMAGE_FORMATS_TEXT = `JPEG, PNG or WebP, up to ${IMAGE_SIZE_LIMIT_TEXT}.`;
