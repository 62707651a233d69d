// The OpenAPI 3.1 document of `/api/v1`, generated from the routes and the procedures' own Zod
// schemas (input and output), never written by hand: a schema changed in src/shared changes
// the document with it (docs/decisions/0011-openapi.md).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IMAGE_SIZE_LIMIT_TEXT, IMAGE_TOO_LARGE_MESSAGE } from '@/shared/images';
import { roleName } from '@/shared/roles';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { procedureAt, rolesOf } from './procedures';
import type { ErrorStatus, ProcedurePath, RestRoute } from './route';
import { restRoutes } from './routes';
import { projectPath } from '@/server/paths';

type JsonSchema = Record<string, unknown>;

/** Where the document is served, under the adapter's prefix. */
export const OPENAPI_PATH = '/openapi.json';
export const REST_PREFIX = '/api/v1';

const fieldErrorSchema = z
  .object({ path: z.string(), message: z.string() })
  .meta({ id: 'FieldError', description: 'One field and what is wrong with it (`path` is dotted for nested fields).' });

/** The body of every error answer of `/api/v1` (see ./envelope.ts). */
export const errorEnvelopeSchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    data: z.null(),
    message: z.string(),
    success: z.literal(false),
    errors: z.array(fieldErrorSchema),
  })
  .meta({
    id: 'ErrorEnvelope',
    description: 'Every error answer: `statusCode` repeats the HTTP status; a 5xx never carries an internal message.',
  });

/** The success envelope around a path's `data` (see ./envelope.ts). */
const successEnvelopeOf = (status: number, data: z.ZodType, meta?: z.ZodType) => {
  const envelope = z.object({ statusCode: z.literal(status), data, message: z.string(), success: z.literal(true) });
  return meta ? envelope.extend({ meta }) : envelope;
};

const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; example: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid input: `message` is the first complaint, `errors` names every field. Also a body that is not valid JSON or form data.',
    example: 'Enter a valid email',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No session, or it has expired; a wrong e-mail or password at login. On any path, an `Authorization` header with an unknown or revoked API token.',
    example: 'Please login first',
  },
  403: {
    name: 'Forbidden',
    description: 'Wrong role, someone else’s record, or a state change sent from another site.',
    example: 'Admins only',
  },
  404: {
    name: 'NotFound',
    description: 'No record with this id (or the thing asked for does not exist).',
    example: 'Booking not found',
  },
  409: {
    name: 'Conflict',
    description: 'Conflict: the time slot is taken, or the name, e-mail or closed day is taken already.',
    example: 'This time slot is no longer available. Please choose another one.',
  },
  413: {
    name: 'PayloadTooLarge',
    description: `The image is larger than ${IMAGE_SIZE_LIMIT_TEXT} (or 40 megapixels), or the request body is over the server's limit.`,
    example: IMAGE_TOO_LARGE_MESSAGE,
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The image is not a JPEG, PNG or WebP, or the body is neither JSON nor multipart form data.',
    example: 'Only JPEG, PNG or WebP images are allowed.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts; `message` says when to try again.',
    example: 'Too many requests. Please try again in 15 minutes.',
  },
  500: {
    name: 'InternalError',
    description: 'Unexpected error; the log has its cause under the request id.',
    example: 'An error occurred',
  },
};

/**
 * The refusals every route of this kind can answer, whatever its procedure's own rules (those
 * the route declares, `RestRoute.errors`): how the adapter, the app's hooks and the procedure
 * middleware treat any request (src/server/rest/plugin.ts, src/server/app.ts, src/server/trpc/).
 */
function refusalsOfKind(route: RestRoute, takesInput: boolean): ErrorStatus[] {
  // An unknown API token is refused before any procedure runs, whatever the path.
  const errors: ErrorStatus[] = [401, 500];
  if (takesInput) errors.push(400);
  // A body is read on every method but GET: broken JSON or form data (400), too large (413), of
  // another type (415); and a state change from another site is refused (403).
  if (route.method !== 'GET') errors.push(400, 403, 413, 415);
  if (route.procedure.startsWith('admin.')) errors.push(403);
  return errors;
}

/** A back-office operation's roles (decision 0035), for its description; nothing for the others. */
function rolesNote(procedure: string): string {
  const roles = rolesOf(procedure);
  return roles.length === 0 ? '' : ` Open to the staff roles: ${roles.map(roleName).join(', ')}; any other gets 403.`;
}

/** The fields that carry an image: base64 in the procedure, a file in multipart form data. */
const FILE_FIELDS = ['image', 'avatar'];

const SECURITY_SCHEMES = {
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE.user,
    description: 'The customer session cookie, set by `POST /users/login` (HttpOnly).',
  },
  adminSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE.admin,
    description: 'The admin session cookie, set by `POST /admin/login` (HttpOnly).',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin API token (`Authorization: Bearer <token>`), made in the back office’s Settings.',
  },
};

type Security = Record<string, string[]>[];
const ADMIN: Security = [{ adminSession: [] }, { bearerAuth: [] }];

function securityOf(procedure: ProcedurePath): Security | undefined {
  if (procedure.startsWith('customer.')) return [{ customerSession: [] }];
  if (procedure.startsWith('admin.')) return ADMIN;
  // `DELETE /reviews/{id}`: a customer deletes their own review, an admin any.
  if (procedure === 'public.reviews.delete') return [{ customerSession: [] }, ...ADMIN];
  // `GET /reviews`: anyone; an admin gets the pending reviews too.
  if (procedure === 'public.reviews.list') return [{}, ...ADMIN];
  return undefined;
}

const TAGS: Record<string, string> = {
  auth: 'Accounts',
  adminAuth: 'Accounts',
  account: 'Accounts',
  contact: 'Salon',
  salon: 'Salon',
  openingHours: 'Salon',
  services: 'Services',
  specialists: 'Specialists',
  reviews: 'Reviews',
  discounts: 'Discounts',
  bookings: 'Bookings',
  stats: 'Bookings',
};

const tagOf = (procedure: ProcedurePath): string => {
  const feature = procedure.split('.')[1] ?? procedure;
  return TAGS[feature] ?? feature.charAt(0).toUpperCase() + feature.slice(1);
};

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `#/$defs/...` reference made a reference to the document's components. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string'
        ? [key, inner.replace(/^#\/\$defs\//, '#/components/schemas/')]
        : [key, pointAtComponents(inner)],
    ),
  );
}

/**
 * Converts Zod schemas to JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). Schemas named with
 * `.meta({ id })` (Service, Booking, ...) become `components.schemas` and are referred to.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    if (isObject($defs)) {
      for (const [name, def] of Object.entries($defs)) {
        const component = pointAtComponents(def) as JsonSchema;
        const known = this.components[name];
        if (known && JSON.stringify(known) !== JSON.stringify(component)) {
          throw new Error(`Two different schemas are named ${name} (${io})`);
        }
        this.components[name] = component;
      }
    }
    return pointAtComponents(rest) as JsonSchema;
  }
}

const isZodSchema = (parser: unknown): parser is z.ZodType => parser instanceof z.ZodType;

interface ProcedureSchemas {
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

function schemasOf(path: ProcedurePath): ProcedureSchemas {
  const procedure = procedureAt(path);
  if (!procedure) throw new Error(`No procedure at ${path}`);
  const def = procedure._def as { inputs: unknown[]; output?: unknown };
  const [input] = def.inputs;
  return {
    input: isZodSchema(input) ? input : undefined,
    output: isZodSchema(def.output) ? def.output : undefined,
  };
}

/** The object schema of an input: its properties and required names (copies, safe to change). */
function objectParts(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return { properties: { ...properties }, required: [...required] };
}

const objectSchema = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});

/** The same fields as multipart form data: images as files, lists as repeated `name[]` parts. */
function multipartOf(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  const nameOf = (name: string) => (properties[name]?.type === 'array' ? `${name}[]` : name);
  const parts = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      nameOf(name),
      FILE_FIELDS.includes(name)
        ? {
            type: 'string',
            format: 'binary',
            contentMediaType: 'image/*',
            description: `A JPEG, PNG or WebP image, at most ${IMAGE_SIZE_LIMIT_TEXT}.`,
          }
        : schema,
    ]),
  );
  return objectSchema(parts, required.map(nameOf));
}

/** The fields as JSON: an image is its bytes in base64. */
const jsonFields = (properties: Record<string, JsonSchema>): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      FILE_FIELDS.includes(name)
        ? {
            ...schema,
            description: `The image (JPEG, PNG or WebP, at most ${IMAGE_SIZE_LIMIT_TEXT}) in base64; a \`data:\` URL prefix is allowed.`,
          }
        : schema,
    ]),
  );

const errorResponse = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });

/** Builds the OpenAPI 3.1 document of these `/api/v1` routes; paths are relative to `servers[0]`. */
export function buildOpenApiDocument(routes: readonly RestRoute[] = restRoutes): JsonSchema {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();

  for (const route of routes) {
    const { input, output } = schemasOf(route.procedure);
    const status = route.status ?? 200;
    const method = route.method.toLowerCase();
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');

    const inputJson = input ? converter.convert(input, 'input') : undefined;
    const parts = inputJson ? objectParts(inputJson) : { properties: {}, required: [] };
    const required = parts.required.filter((name) => !(name in (route.fixedInput ?? {})));
    let properties = Object.fromEntries(
      Object.entries(parts.properties).filter(([name]) => !(name in (route.fixedInput ?? {}))),
    );

    const parameters: JsonSchema[] = pathParams.map((name) => {
      const field = route.paramFields?.[name] ?? name;
      const schema = properties[field] ?? { type: 'string' };
      // The parameter fills the field: a field of its own name is not sent again; another one
      // (POST /reviews/{id}: `service`) may still be sent, and wins.
      if (field === name) properties = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== field));
      const at = required.indexOf(field);
      if (at >= 0) required.splice(at, 1);
      const fills =
        field === name ? {} : { description: `Stands for the \`${field}\` field when the body does not give it.` };
      return { name, in: 'path', required: true, schema, ...fills };
    });

    let requestBody: JsonSchema | undefined;
    const hasFields = Object.keys(properties).length > 0;
    if (hasFields && route.method === 'GET') {
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.includes(name), schema });
      }
    } else if (hasFields) {
      const json = { 'application/json': { schema: objectSchema(jsonFields(properties), required) } };
      // The spec's paths take these as multipart form data: that comes first.
      requestBody = {
        required: required.length > 0,
        content: FILE_FIELDS.some((name) => name in properties)
          ? { 'multipart/form-data': { schema: multipartOf(properties, required) }, ...json }
          : json,
      };
    }

    const errors = new Set<ErrorStatus>([...refusalsOfKind(route, input !== undefined), ...(route.errors ?? [])]);

    const dataSchema = route.dataSchema ?? output ?? z.unknown();
    const responses: Record<string, unknown> = {
      [String(status)]: {
        description: route.message,
        content: route.csvFile
          ? {
              'text/csv': {
                schema: {
                  type: 'string',
                  description: 'UTF-8 with a byte-order mark, a header row, CRLF line ends; sent as an attachment.',
                },
              },
            }
          : {
              'application/json': {
                schema: converter.convert(successEnvelopeOf(status, dataSchema, route.meta?.schema), 'output'),
              },
            },
      },
    };
    for (const error of [...errors].sort((a, b) => a - b)) responses[String(error)] = errorResponse(error);

    let operationId: string = route.procedure;
    if (operationIds.has(operationId)) operationId = `${route.procedure}.${method}${openApiPath.replace(/\W+/g, '_')}`;
    operationIds.add(operationId);

    const security = securityOf(route.procedure);
    paths[openApiPath] ??= {};
    paths[openApiPath][method] = {
      operationId,
      tags: [tagOf(route.procedure)],
      summary: route.message,
      description: `Calls the tRPC procedure \`${route.procedure}\`; the same schemas check its input and output.${rolesNote(route.procedure)}`,
      ...(security ? { security } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  // A schema named with `.meta({ id })` lands in the components even at the top.
  converter.convert(errorEnvelopeSchema, 'output');
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description, example }]) => [
      name,
      {
        description,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorEnvelope' },
            example: {
              statusCode: Number(status),
              data: null,
              message: example,
              success: false,
              errors: status === '400' ? [{ path: 'email', message: example }] : [],
            },
          },
        },
      },
    ]),
  );

  return {
    openapi: '3.1.1',
    info: {
      title: 'Salon booking API',
      version: packageVersion(),
      description:
        'The REST adapter over the same procedures as `/trpc`. Every answer is an envelope: ' +
        '`{statusCode, data, message, success}`; errors carry `errors: [{path, message}]`. ' +
        'Request bodies are JSON, or multipart form data where an image is sent.',
    },
    servers: [{ url: REST_PREFIX }],
    tags: [...new Set(Object.values(TAGS))].map((name) => ({ name })),
    paths: sortedByKey(paths),
    components: {
      schemas: sortedByKey(converter.components),
      responses,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

const built = new WeakMap<readonly RestRoute[], JsonSchema>();

/** The document of these routes, built on first use and kept. */
export function openApiDocument(routes: readonly RestRoute[] = restRoutes): JsonSchema {
  let document = built.get(routes);
  if (!document) {
    document = buildOpenApiDocument(routes);
    built.set(routes, document);
  }
  return document;
}
