import type { createCaller } from '../trpc/router';

export type Caller = ReturnType<typeof createCaller>;

/** A request as the adapter hands it to a route: JSON or multipart body, path and query. */
export interface RestInput {
  /** JSON fields, or multipart fields (`name[]` collected into arrays, files as base64). */
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/**
 * One `/api/v1` path: which procedure it calls and how the request maps to that procedure's
 * input. The adapter adds nothing else: rules live in the procedures.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Exactly as in spec section 7, without the `/api/v1` prefix; `:id` for path parameters. */
  path: string;
  /** 200 unless given (201 for a create). */
  status?: number;
  message: string;
  call(caller: Caller, input: RestInput): Promise<unknown>;
}
