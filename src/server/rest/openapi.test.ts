import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { createTestEnvironment } from '@/server/test/test-db';
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
  let app: FastifyInstance;
  let document: OpenApiDocument;
  /** Validates a body against a schema inside the served document, with its references. */
  let validateAt: (schemaPointer: string, body: unknown) => { valid: boolean; errors: unknown };

  beforeAll(async () => {
    const env = await createTestEnvironment({ seed: true });
    app = await buildApp({ config: env.config, database: env.database, clientDir: null });
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
  afterAll(() => app.close());

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
        expect(Object.keys(operation.responses[status]?.content ?? {}), `${route.method} ${route.path} answer`).toEqual(['text/csv']);
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
    expect(statusBody).toMatchObject({ properties: { status: { enum: ['pending', 'confirmed', 'cancelled', 'completed', 'no-show'] } } });
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

    const review = document.paths['/reviews/{serviceId}']?.post;
    expect(review?.parameters?.map((p) => p.name)).toEqual(['serviceId']);
    expect(review?.requestBody?.content['application/json']?.schema.required).toEqual(['rating', 'comment']);
  });

  it('names the error answers and who may call each path', () => {
    const deleteService = document.paths['/admin/services/{id}']?.delete;
    expect(Object.keys(deleteService?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(deleteService?.security).toEqual([{ adminSession: [] }, { bearerAuth: [] }]);
    expect(document.paths['/users/appointment']?.post?.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(document.paths['/users/appointment']?.post?.security).toEqual([{ customerSession: [] }]);
    expect(Object.keys(document.paths['/services']?.get?.responses ?? {})).toEqual(['200', '500']);
    expect(document.paths['/services']?.get?.security).toBeUndefined();
    expect(document.components.securitySchemes).toMatchObject({
      customerSession: { type: 'apiKey', in: 'cookie', name: 'salon_session' },
      adminSession: { type: 'apiKey', in: 'cookie', name: 'salon_admin_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Service', 'Specialist', 'Review', 'Discount', 'Booking', 'UserAccount', 'ErrorEnvelope']),
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
    expect(validateAt(successSchemaPointer('/admin/bookings', 'get', '200'), body)).toEqual({ valid: true, errors: null });
    // The procedure's own answer (a page with counts) is not what this path answers.
    expect(validateAt(successSchemaPointer('/admin/bookings', 'get', '200'), { ...body, data: { bookings: body.data } }).valid).toBe(
      false,
    );
  });

  it('describes a real 400 answer with the error envelope', async () => {
    const answer = await new TestClient(app).request('POST', '/api/v1/users/login', { email: 'not-an-email' });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ errors: unknown[] }>();
    expect(body.errors.length).toBeGreaterThan(0);
    expect(validateAt(pointer('components', 'schemas', 'ErrorEnvelope'), body)).toEqual({ valid: true, errors: null });
    expect(validateAt(pointer('components', 'schemas', 'ErrorEnvelope'), { ...body, success: true }).valid).toBe(false);
  });
});

describe('the API reference page at /api/docs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const env = await createTestEnvironment();
    app = await buildApp({ config: env.config, database: env.database, clientDir: null });
  });
  afterAll(() => app.close());

  it.each(['/api/docs', '/api/docs/'])('answers %s with an HTML page whose scripts and styles are the app’s own', async (url) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
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
  });

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
