import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Conflict,
  FileTooLarge,
  Forbidden,
  InvalidFields,
  InvalidRequest,
  NotFound,
  NotSignedIn,
  TooManyRequests,
  UnsupportedFile,
  type SalonError,
} from '@/server/errors';
import { GENERIC_ERROR_MESSAGE, toPublicError, toTRPCError } from './errors';

describe('what the outside sees of an error', () => {
  it('carries the schema field messages of invalid input', () => {
    const parsed = z.object({ price: z.number('Price is required') }).safeParse({});
    if (parsed.success) throw new Error('expected a failure');
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    expect(toPublicError(error)).toEqual({
      status: 400,
      message: 'Price is required',
      errors: [{ path: 'price', message: 'Price is required' }],
    });
  });

  it('answers a rule checked outside the schema like a schema refusal, with its fields', () => {
    const error = toTRPCError(
      new InvalidFields([{ path: 'validTill', message: 'Valid Till date cannot be in the past.' }]),
    );
    expect(toPublicError(error)).toEqual({
      status: 400,
      message: 'Valid Till date cannot be in the past.',
      errors: [{ path: 'validTill', message: 'Valid Till date cannot be in the past.' }],
    });
  });

  it('keeps a deliberate message with its status', () => {
    expect(toPublicError(new TRPCError({ code: 'CONFLICT', message: 'That time slot was just taken.' }))).toEqual({
      status: 409,
      message: 'That time slot was just taken.',
      errors: [],
    });
  });

  it('never passes on the text of an internal failure', () => {
    const internal = new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email at /srv/app.js:10');
    expect(toPublicError(internal)).toEqual({ status: 500, message: GENERIC_ERROR_MESSAGE, errors: [] });
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: internal, message: internal.message });
    expect(toPublicError(wrapped).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it.each<[SalonError, number]>([
    [new InvalidRequest('Only a failed message can be sent again.'), 400],
    [new NotSignedIn(), 401],
    [new Forbidden('You can only cancel your own bookings.'), 403],
    [new NotFound('Booking not found'), 404],
    [new Conflict('That time slot was just taken.'), 409],
    [new FileTooLarge('Image must be 5 MB or smaller.'), 413],
    [new UnsupportedFile('Only JPEG, PNG or WebP images are allowed.'), 415],
    [new TooManyRequests('Too many attempts. Please try again in 15 minutes.', 900_000), 429],
  ])('answers the salon error %s with %i and its own message, thrown or carried by tRPC', (error, status) => {
    const answer = { status, message: error.message, errors: [] };
    expect(toPublicError(error)).toEqual(answer);
    expect(toPublicError(toTRPCError(error))).toEqual(answer);
  });
});
