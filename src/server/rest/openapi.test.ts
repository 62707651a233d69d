import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, users } from '@/server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { recordApiAnswers } from '@/server/test/api-answers';
import { bookingRow, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';
import { procedureAt } from './procedures';
import { restRoutes } from './routes';

type Json = Record<string, unknown>;

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }>; $ref?: string }>;
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** JSON pointer escaping of one path segment. */
const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

describe('the OpenAPI document at /api/v1/openapi.json', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let answers: ReturnType<typeof recordApiAnswers>;
  let document: OpenApiDocument;
  /** Validates a body against a schema inside the served document, with its references. */
  let validateAt: (schemaPointer: string, body: unknown) => { valid: boolean; errors: unknown };

  const salon = useTestApp();
  beforeAll(async () => {
    ({ env, app } = salon);
    answers = recordApiAnswers(app);
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json<OpenApiDocument>();

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    validateAt = (schemaPointer, body) => {
      const validate = ajv.compile({ $ref: `openapi.json#/${schemaPointer}` });
      const valid = validate(body);
      return { valid, errors: validate.errors };
    };
  });

  const successSchemaPointer = (path: string, method: string, status: string) =>
    pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema');

  it('is a valid OpenAPI 3.1 document, served as it is rather than in an envelope', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Json);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBe('Salon booking API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    expect(document).not.toHaveProperty('success');
  });

  it('lists every /api/v1 route with its method, a request schema when it takes input, and its answer', () => {
    for (const route of restRoutes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      if (!operation) continue;
      const status = String(route.status ?? 200);
      if (route.csvFile) {
        // A file to save: CSV itself, not an envelope.
        expect(Object.keys(operation.responses[status]?.content ?? {}), `${route.method} ${route.path} answer`).toEqual(
          ['text/csv'],
        );
      } else {
        const success = operation.responses[status]?.content?.['application/json']?.schema;
        expect(success, `${route.method} ${route.path} answer`).toMatchObject({
          properties: { data: expect.any(Object) as unknown, success: { const: true } },
        });
      }
      expect(operation.responses['500']).toEqual({ $ref: '#/components/responses/InternalError' });

      const inputs = [
        ...(operation.parameters ?? []).map((parameter) => parameter.schema),
        ...Object.values(operation.requestBody?.content ?? {}).map((content) => content.schema),
      ];
      const procedure = procedureAt(route.procedure);
      const takesInput = (procedure?._def.inputs.length ?? 0) > 0;
      // The answer's shape comes from the procedure's output schema (or the route's own, when it reshapes).
      const output = (procedure?._def as { output?: unknown } | undefined)?.output;
      expect(route.dataSchema ?? output, `${route.procedure} output schema`).toBeDefined();
      expect(inputs.length > 0, `${route.method} ${route.path} input`).toBe(takesInput);
      if (takesInput) expect(operation.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    }
  });

  it('documents the fields each kind of request sends: path, query, JSON body, and multipart with files', () => {
    const slots = document.paths['/users/appointment/available-slots']?.get;
    expect(slots?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['specialistId', 'query', true],
      ['bookingDate', 'query', true],
      ['serviceName', 'query', true],
    ]);

    const status = document.paths['/admin/bookings/{id}/status']?.patch;
    expect(status?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const statusBody = status?.requestBody?.content['application/json']?.schema;
    expect(statusBody).toMatchObject({
      properties: { status: { enum: ['pending', 'confirmed', 'cancelled', 'completed', 'no-show'] } },
    });
    expect(statusBody?.properties).not.toHaveProperty('id');

    const specialist = document.paths['/admin/specialists']?.post?.requestBody?.content;
    expect(Object.keys(specialist ?? {})).toEqual(['multipart/form-data', 'application/json']);
    expect(specialist?.['multipart/form-data']?.schema).toMatchObject({
      properties: {
        image: { type: 'string', format: 'binary' },
        'availableDays[]': { type: 'array' },
        'expertise[]': { type: 'array' },
      },
    });
    expect(specialist?.['application/json']?.schema).toMatchObject({ properties: { image: { type: 'string' } } });

    // The spec's `/reviews/{serviceId}` (POST) and `/reviews/{id}` (DELETE) are one template.
    const review = document.paths['/reviews/{id}']?.post;
    expect(review?.parameters?.map((p) => p.name)).toEqual(['id']);
    expect(review?.requestBody?.content['application/json']?.schema.required).toEqual(['rating', 'comment']);
  });

  it('writes each path template once, whatever its parameters are named (OpenAPI allows no two that differ only so)', () => {
    const templates = Object.keys(document.paths);
    const shapes = templates.map((path) => path.replace(/\{[^}]*\}/g, '{}'));
    expect(templates.filter((_path, index) => shapes.indexOf(shapes[index] ?? '') !== index)).toEqual([]);
  });

  it('names the error answers and who may call each path', () => {
    const deleteService = document.paths['/admin/services/{id}']?.delete;
    // A body is read on a DELETE too: broken (400), too large (413) or of another type (415).
    expect(Object.keys(deleteService?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '500',
    ]);
    expect(deleteService?.security).toEqual([{ adminSession: [] }, { bearerAuth: [] }]);
    expect(document.paths['/users/appointment']?.post?.responses['409']).toEqual({
      $ref: '#/components/responses/Conflict',
    });
    expect(document.paths['/users/appointment']?.post?.security).toEqual([{ customerSession: [] }]);
    // 401: an unknown API token is refused on every path.
    expect(Object.keys(document.paths['/services']?.get?.responses ?? {})).toEqual(['200', '401', '500']);
    expect(document.paths['/services']?.get?.security).toBeUndefined();
    expect(document.components.securitySchemes).toMatchObject({
      customerSession: { type: 'apiKey', in: 'cookie', name: 'salon_session' },
      adminSession: { type: 'apiKey', in: 'cookie', name: 'salon_admin_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Service',
        'Specialist',
        'Review',
        'Discount',
        'Booking',
        'UserAccount',
        'ErrorEnvelope',
      ]),
    );
  });

  it('describes the real answer of GET /services', async () => {
    const answer = await new TestClient(app).request('GET', '/api/v1/services');
    expect(answer.statusCode).toBe(200);
    const body: unknown = answer.json();
    expect(validateAt(successSchemaPointer('/services', 'get', '200'), body)).toEqual({ valid: true, errors: null });
    // The schema can fail: a service without its price does not match.
    const broken = structuredClone(body) as { data: Record<string, unknown>[] };
    delete broken.data[0]?.price;
    expect(validateAt(successSchemaPointer('/services', 'get', '200'), broken).valid).toBe(false);
  });

  it('describes the real answer of GET /admin/bookings, the list of bookings, to an admin', async () => {
    const admin = await signedIn(app, 'admin');
    const answer = await admin.request('GET', '/api/v1/admin/bookings');
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ data: unknown[] }>();
    expect(body.data.length).toBeGreaterThan(0);
    expect(validateAt(successSchemaPointer('/admin/bookings', 'get', '200'), body)).toEqual({
      valid: true,
      errors: null,
    });
    // The procedure's own answer (a page with counts) is not what this path answers.
    expect(
      validateAt(successSchemaPointer('/admin/bookings', 'get', '200'), { ...body, data: { bookings: body.data } })
        .valid,
    ).toBe(false);
  });

  it('describes a real 400 answer with the error envelope', async () => {
    const answer = await new TestClient(app).request('POST', '/api/v1/users/login', { email: 'not-an-email' });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ errors: unknown[] }>();
    expect(body.errors.length).toBeGreaterThan(0);
    expect(validateAt(pointer('components', 'schemas', 'ErrorEnvelope'), body)).toEqual({ valid: true, errors: null });
    expect(validateAt(pointer('components', 'schemas', 'ErrorEnvelope'), { ...body, success: true }).valid).toBe(false);
  });

  /** The answer is the error envelope with this status, and the document lists the status for the operation. */
  function expectDocumentedRefusal(answer: LightMyRequestResponse, status: number, path: string, method: string): void {
    expect(answer.statusCode, `${method} ${path}`).toBe(status);
    expect(validateAt(pointer('components', 'schemas', 'ErrorEnvelope'), answer.json())).toEqual({
      valid: true,
      errors: null,
    });
    expect(Object.keys(document.paths[path]?.[method]?.responses ?? {}), `${method} ${path}`).toContain(String(status));
  }

  it('documents the 401 of a wrong password at both logins, and of an unknown API token on a public path', async () => {
    const visitor = new TestClient(app);
    for (const [path, email] of [
      ['/users/login', DEMO_CUSTOMER.email],
      ['/admin/login', DEMO_ADMIN.email],
    ] as const) {
      const answer = await visitor.request('POST', `/api/v1${path}`, { email, password: 'not-the-password' });
      expectDocumentedRefusal(answer, 401, path, 'post');
      expect(answer.json<{ message: string }>().message).toBe('Invalid email or password');
    }
    const withToken = await visitor.request('GET', '/api/v1/services', undefined, {
      authorization: 'Bearer not-a-token',
    });
    expectDocumentedRefusal(withToken, 401, '/services', 'get');
  });

  it('documents the 409 of a taken time on every path that books or moves a booking', async () => {
    const db = env.database.db;
    const zone = env.config.timezone;
    const day = futureWorkday(zone, 20);
    const customerId =
      db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).get()?.id ?? '';
    const slot = {
      serviceId: idOfService(db, 'Classic Manicure'),
      specialistId: idOfSpecialist(db, 'Maya Chen'),
      day,
      timeZone: zone,
    };
    // Maya Chen's 10:00 is taken; the demo customer's own booking at 14:00 is the one moved onto it.
    db.insert(bookings)
      .values(bookingRow({ ...slot, userId: customerId, time: '10:00' }))
      .run();
    const own = bookingRow({ ...slot, userId: customerId, time: '14:00' });
    db.insert(bookings).values(own).run();
    const taken = { bookingDate: day, timeSlot: '10:00', service: 'Classic Manicure', specialist: 'Maya Chen' };
    const customer = await signedIn(app, 'customer');
    const admin = await signedIn(app, 'admin');

    expectDocumentedRefusal(
      await customer.request('POST', '/api/v1/users/appointment', taken),
      409,
      '/users/appointment',
      'post',
    );
    const walkIn = {
      ...taken,
      firstName: 'Wanda',
      lastName: 'Walkin',
      phone: '9811100099',
      email: 'wanda@example.test',
    };
    expectDocumentedRefusal(
      await admin.request('POST', '/api/v1/admin/bookings', walkIn),
      409,
      '/admin/bookings',
      'post',
    );
    expectDocumentedRefusal(
      await admin.request('PATCH', `/api/v1/admin/bookings/${own.id}`, { timeSlot: '10:00' }),
      409,
      '/admin/bookings/{id}',
      'patch',
    );
    const move = { bookingDate: day, timeSlot: '10:00' };
    expectDocumentedRefusal(
      await customer.request('PATCH', `/api/v1/users/appointment/${own.id}`, move),
      409,
      '/users/appointment/{id}',
      'patch',
    );
  });

  // Last: every answer the tests above got, whatever they checked of it.
  it('lists every answer these tests got from /api/v1 for its operation', () => {
    expect(answers.undocumentedIn(document)).toEqual([]);
  });
});

describe('the API reference page at /api/docs', () => {
  let app: FastifyInstance;
  const salon = useTestApp({ seed: false });
  beforeAll(() => {
    ({ app } = salon);
  });

  it.each(['/api/docs', '/api/docs/'])(
    'answers %s with an HTML page whose scripts and styles are the app’s own',
    async (url) => {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = page.body;
      const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      );
      expect(assets.some((asset) => asset.endsWith('swagger-ui-bundle.js'))).toBe(true);
      expect(assets.some((asset) => asset.endsWith('swagger-ui.css'))).toBe(true);
      for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
      for (const asset of assets) {
        const resolved = new URL(asset, `http://salon.test${url}`).pathname;
        const served = await app.inject({ method: 'GET', url: resolved });
        expect(served.statusCode, resolved).toBe(200);
      }
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('gives the page the same document as /api/v1/openapi.json', async () => {
    const fromPage = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const served = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json()).toEqual(served.json());
  });

  it('still answers an unknown path under /api with the error envelope', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ success: false, statusCode: 404 });
  });
});
