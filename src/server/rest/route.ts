import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import type { z } from 'zod';
import type { AppRouter } from '@/server/routers';

/** Every procedure's dotted path, e.g. `admin.services.create`. */
type PathsOf<Record, Prefix extends string = ''> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure
    ? `${Prefix}${Key}`
    : Record[Key] extends TRPCRouterRecord
      ? PathsOf<Record[Key], `${Prefix}${Key}.`>
      : never;
}[keyof Record & string];

export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/** The error statuses the API document can name (the error envelope of the README's API section, each one). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

/** A request as the adapter hands it to a route: JSON or multipart body, path and query. */
export interface RestInput {
  /** JSON fields, or multipart fields (`name[]` collected into arrays, files as base64). */
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/** What every `/api/v1` path says of itself (see `RestRoute`). */
interface RestRouteBase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Exactly as the spec writes it, without the `/api/v1` prefix; `:name` for path parameters. */
  path: string;
  /** 200 unless given (201 for a create). */
  status?: number;
  message: string;
  procedure: ProcedurePath;
  /**
   * The refusals the procedure's own rules answer with: a wrong password's 401, an unknown id's
   * 404, a taken time's 409, a throttle's 429, a rule's own 400. The API document adds those every
   * route of its kind gets (./openapi.ts, `refusalsOfKind`); the tests through `/api/v1` fail on
   * an answer the document leaves out (src/server/test/api-answers.ts).
   */
  errors?: readonly ErrorStatus[];
  /**
   * Called instead of `procedure` for a request with an admin session, where the spec's path also
   * serves the back office (`GET /reviews`: every review, not only approved ones). Same input and
   * answer shape; the procedures themselves stay one role each.
   */
  adminProcedure?: ProcedurePath;
  /**
   * The procedure's input. Default: none for a procedure that takes none; otherwise the query
   * (GET) or the body (other methods), with the path parameters over it.
   */
  input?: (request: RestInput) => unknown;
  /**
   * For the API document, when a custom `input` puts a path parameter into another field: the
   * field it fills, by parameter name (default: the field of the same name).
   */
  paramFields?: Record<string, string>;
  /**
   * Input fields the path itself fixes (`/admin/reports/bookings.csv`: `table: 'bookings'`), set
   * over the request's own; the API document leaves them out.
   */
  fixedInput?: Record<string, string>;
  /**
   * The answer is a file, not an envelope: the procedure answers `{ filename, csv }` and the path
   * sends the CSV itself as an attachment of that name (`text/csv`). Errors keep the envelope.
   */
  csvFile?: true;
  /**
   * Figures beside a list (a page's `total`, `page` and `limit`), sent as the envelope's `meta` so
   * `data` stays a list, as every list path answers it; `schema` describes them for the API document.
   */
  meta?: { of: (output: never) => Record<string, unknown>; schema: z.ZodType };
}

/**
 * One `/api/v1` path: the procedure it calls and how the request maps to that procedure's
 * input. The adapter adds nothing else: rules live in the procedures, and the procedure's input
 * and output schemas describe the path (OpenAPI, src/server/rest/openapi.ts).
 */
export type RestRoute = RestRouteBase &
  (
    | { data?: undefined; dataSchema?: undefined }
    | {
        /** The envelope's `data` from the procedure's answer. Default: the answer as it is. */
        data: (output: never) => unknown;
        /** The shape of what `data` gives, for the API document (the procedure's output no longer says it). */
        dataSchema: z.ZodType;
      }
  );

/** The default `input` of a route (see `RestRoute.input`). */
export function defaultInput(method: RestRoute['method'], request: RestInput): Record<string, unknown> {
  return { ...(method === 'GET' ? request.query : request.body), ...request.params };
}
