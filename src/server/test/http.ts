import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface Envelope<T = unknown> {
  statusCode: number;
  data: T;
  message: string;
  success: boolean;
  errors?: { path: string; message: string }[];
}

/**
 * A browser-like client over `app.inject`: keeps the cookies the server sets and sends them
 * back, for REST (`/api/v1`) and tRPC (`/trpc`) calls alike.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  private remember(response: LightMyRequestResponse): void {
    const raw = response.headers['set-cookie'];
    this.lastSetCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (cookie.value === '' || expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    let payload: string | Buffer | undefined;
    const allHeaders: Record<string, string> = { ...this.defaultHeaders, ...this.cookieHeader(), ...headers };
    if (body instanceof FormData) {
      const encoded = new Response(body);
      payload = Buffer.from(await encoded.arrayBuffer());
      allHeaders['content-type'] = encoded.headers.get('content-type') ?? '';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      allHeaders['content-type'] = 'application/json';
    }
    const response = await this.app.inject({ method, url, payload, headers: allHeaders });
    this.remember(response);
    return response;
  }

  /** A `/api/v1` call; returns the HTTP status and the parsed envelope (`T`: the caller's expectation). */
  async rest<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope<T> }> {
    const response = await this.request(method, `/api/v1${path}`, body, headers);
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  }

  /** A tRPC call over HTTP, unbatched: queries as GET, mutations as POST (`T`: the caller's expectation). */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async trpc<T = unknown>(
    kind: 'query' | 'mutation',
    path: string,
    input?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; data: T | undefined; error: { message: string; data: { code: string } } | undefined }> {
    const response =
      kind === 'query'
        ? await this.request(
            'GET',
            `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            undefined,
            headers,
          )
        : await this.request('POST', `/trpc/${path}`, input ?? {}, headers);
    const body = response.json<{ result?: { data: T }; error?: { message: string; data: { code: string } } }>();
    return { status: response.statusCode, data: body.result?.data, error: body.error };
  }
}
