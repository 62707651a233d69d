// The shapes of the REST answers (README "For developers: the API"), as assertions: the envelopes,
// the entities with their `_id` and embedded references, calendar days, time slots, status values,
// and no password anywhere.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BOOKING_STATUSES, REVIEW_STATUSES, SERVICE_CATEGORIES, WEEKDAYS } from '@/shared/constants';
import type { ContractEntity } from '@/server/rest/contract-table';

/** A calendar day, `YYYY-MM-DD`. */
export const CALENDAR_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A time slot, `HH:MM`, 24-hour. */
export const TIME_SLOT = /^([01]\d|2[0-3]):[0-5]\d$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const anyString = expect.any(String) as unknown;
const anyNumber = expect.any(Number) as unknown;
const stringOrNull = expect.toBeOneOf([expect.any(String), null]) as unknown;

/** `{url}` of an image or avatar. */
const urlObject = { url: expect.stringMatching(/^https?:\/\/\S+$/) as unknown };
/** `{lat, lng}`. */
const latLng = { lat: anyNumber, lng: anyNumber };

/** The parsed body of a response, with a readable failure when it is not JSON. */
export function jsonBody(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    throw new Error(`not JSON (${String(response.statusCode)}): ${response.body.slice(0, 200)}`);
  }
}

/**
 * `{statusCode (= HTTP status), data, message (non-empty), success: true}` and nothing else but,
 * beside a page of a list, an object `meta` (its figures, as the customer book's page sends); answers `data`.
 */
export function expectSuccessEnvelope(response: LightMyRequestResponse, status: number): unknown {
  const body = jsonBody(response);
  expect(response.statusCode, JSON.stringify(body)).toBe(status);
  expect(isObject(body), 'the body is an object').toBe(true);
  const envelope = body as Json;
  const { meta, ...rest } = envelope;
  expect(Object.keys(rest).sort()).toEqual(['data', 'message', 'statusCode', 'success']);
  if (meta !== undefined) {
    expect(isObject(meta), 'meta is an object').toBe(true);
    expect(Array.isArray(envelope.data), 'meta stands beside a list').toBe(true);
  }
  expect(envelope.statusCode).toBe(status);
  expect(envelope.success).toBe(true);
  expect(envelope.message).toEqual(expect.stringMatching(/\S/));
  return envelope.data;
}

/** `{statusCode (= HTTP status), data: null, message (non-empty), success: false, errors: [...]}` and nothing else. */
export function expectErrorEnvelope(response: LightMyRequestResponse, status: number): void {
  const body = jsonBody(response);
  expect(response.statusCode, JSON.stringify(body)).toBe(status);
  expect(isObject(body), 'the body is an object').toBe(true);
  const envelope = body as Json;
  expect(Object.keys(envelope).sort()).toEqual(['data', 'errors', 'message', 'statusCode', 'success']);
  expect(envelope).toMatchObject({ statusCode: status, data: null, success: false });
  expect(envelope.message).toEqual(expect.stringMatching(/\S/));
  expect(Array.isArray(envelope.errors)).toBe(true);
  for (const error of envelope.errors as unknown[]) expect(error).toEqual({ path: anyString, message: anyString });
}

/**
 * Walks `data` deeply: every `_id` is a non-empty string; every `image`/`avatar` is `{url}`,
 * every `location` `{lat, lng}`; `bookingDate`, `validFrom`, `validTill` are calendar days and
 * `timeSlot` an `HH:MM` time; no key names a password or a hash, and no value is an argon2 hash.
 */
export function expectContractFields(data: unknown, where = 'data'): void {
  if (Array.isArray(data)) {
    data.forEach((item, index) => {
      expectContractFields(item, `${where}[${String(index)}]`);
    });
    return;
  }
  if (typeof data === 'string') {
    expect(data, `${where} looks like a password hash`).not.toMatch(/^\$argon2/);
    return;
  }
  if (!isObject(data)) return;
  for (const [key, value] of Object.entries(data)) {
    const at = `${where}.${key}`;
    expect(key, `${at}: no password or hash leaves the server`).not.toMatch(/password|hash/i);
    if (key === '_id') expect(value, at).toEqual(expect.stringMatching(/\S/));
    if (key === 'image') expect(value, at).toEqual(urlObject);
    // A customer the salon booked by phone, or one who deleted their account, has no picture.
    if (key === 'avatar' && value !== null) expect(value, at).toEqual(urlObject);
    if (key === 'location') expect(value, at).toEqual(latLng);
    if (key === 'bookingDate' || key === 'validFrom' || key === 'validTill') expect(value, at).toMatch(CALENDAR_DAY);
    if (key === 'timeSlot') expect(value, at).toMatch(TIME_SLOT);
    expectContractFields(value, at);
  }
}

const ENTITY_SHAPES: Record<ContractEntity, Json> = {
  booking: {
    _id: anyString,
    user: { _id: anyString, fullName: anyString, email: anyString, phone: anyString },
    service: { _id: anyString, name: anyString, price: anyNumber, duration: anyNumber },
    specialist: { _id: anyString, name: anyString },
    bookingDate: expect.stringMatching(CALENDAR_DAY),
    timeSlot: expect.stringMatching(TIME_SLOT),
    status: expect.toBeOneOf([...BOOKING_STATUSES]),
  },
  service: {
    _id: anyString,
    name: anyString,
    category: expect.toBeOneOf([...SERVICE_CATEGORIES]),
    price: anyNumber,
    duration: anyNumber,
    description: anyString,
    image: urlObject,
  },
  specialist: {
    _id: anyString,
    name: anyString,
    phone: anyString,
    email: anyString,
    availableFrom: expect.stringMatching(TIME_SLOT),
    availableTo: expect.stringMatching(TIME_SLOT),
    image: urlObject,
  },
  review: {
    _id: anyString,
    user: { _id: anyString, fullName: anyString, avatar: urlObject },
    service: { _id: anyString, name: anyString },
    rating: expect.toBeOneOf([1, 2, 3, 4, 5]),
    comment: anyString,
    status: expect.toBeOneOf([...REVIEW_STATUSES]),
  },
  discount: {
    _id: anyString,
    title: anyString,
    percentage: anyNumber,
    description: stringOrNull,
    validFrom: expect.stringMatching(CALENDAR_DAY),
    validTill: expect.stringMatching(CALENDAR_DAY),
    image: urlObject,
    isActive: expect.any(Boolean),
  },
  user: { _id: anyString, fullName: anyString, email: anyString, phone: anyString, avatar: urlObject },
  admin: {
    _id: anyString,
    fullName: anyString,
    email: anyString,
    phone: anyString,
    secondaryPhone: stringOrNull,
    address: anyString,
    location: latLng,
    avatar: urlObject,
  },
};

/**
 * One entity of the REST answers: its own fields (more are allowed) and its embedded
 * references, which must be exactly the contract's shapes.
 */
export function expectEntity(entity: ContractEntity, value: unknown, where: string = entity): void {
  expect(isObject(value), `${where} is an object`).toBe(true);
  expect(value, where).toMatchObject(ENTITY_SHAPES[entity]);
  const object = value as Json;
  if (entity === 'specialist') {
    expect(object.expertise, `${where}.expertise`).toEqual(expect.any(Array));
    for (const item of object.expertise as unknown[])
      expect(item, `${where}.expertise[]`).toEqual({ _id: anyString, name: anyString });
    expect(object.availableDays, `${where}.availableDays`).toEqual(expect.any(Array));
    for (const day of object.availableDays as unknown[]) expect(WEEKDAYS).toContain(day);
  }
  if (entity === 'discount') {
    expect(object.percentage).toBeGreaterThanOrEqual(1);
    expect(object.percentage).toBeLessThanOrEqual(100);
    expect(object.category, `${where}.category`).toEqual(expect.any(Array));
    for (const category of object.category as unknown[]) expect(SERVICE_CATEGORIES).toContain(category);
  }
  // The embedded references hold exactly the contract's fields.
  const embedded = ENTITY_SHAPES[entity];
  for (const key of ['user', 'service', 'specialist'] as const) {
    if (entity === 'booking' || (entity === 'review' && key !== 'specialist'))
      expect(object[key], `${where}.${key}`).toEqual(embedded[key]);
  }
}

/** The keys `GET /admin/stats` carries at least, each a count. */
export const STATS_KEYS = [
  'totalBookings',
  'totalServices',
  'totalUsers',
  'totalReviews',
  'totalSpecialists',
  'totalCategories',
  'totalDiscounts',
  'activeDiscounts',
] as const;

export function expectStats(data: unknown): void {
  expect(isObject(data), 'stats are an object').toBe(true);
  for (const key of STATS_KEYS) {
    const value = (data as Json)[key];
    expect(Number.isInteger(value) && (value as number) >= 0, `${key} is a count: ${String(value)}`).toBe(true);
  }
}

/** `{address, email, phone, secondaryPhone, location: {lat, lng}}`, exactly. */
export function expectContactInfo(data: unknown): void {
  expect(data).toEqual({
    address: anyString,
    email: anyString,
    phone: anyString,
    secondaryPhone: stringOrNull,
    location: latLng,
  });
}
