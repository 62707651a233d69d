// A browser-like client of a listening salon over real HTTP (fetch): keeps the session cookies it
// is given and sends the Origin a page of the salon would, so state-changing calls pass the
// same-origin check. For the race and crash tests, which need sockets, not `app.inject`.
import type { Envelope } from '@/server/test/http';

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

export class HttpSession {
  private readonly cookies = new Map<string, string>();

  /** `origin`: the server's PUBLIC_URL; `baseUrl`: where to connect (defaults to the origin). */
  constructor(
    readonly origin: string,
    readonly baseUrl: string = origin,
  ) {}

  /** Takes over cookies a session got elsewhere (e.g. a TestClient logged in through `inject`). */
  adopt(cookies: ReadonlyMap<string, string>): this {
    for (const [name, value] of cookies) this.cookies.set(name, value);
    return this;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A `/api/v1` call. Throws only when no HTTP answer came (connection refused or reset). */
  async rest<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as Envelope<T> };
    } catch {
      throw new Error(
        `${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
  }

  /** Logs in as a customer; throws with the server's message when refused. */
  async loginCustomer(email: string, password: string): Promise<this> {
    const answer = await this.rest('POST', '/users/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}: ${answer.body.message}`);
    return this;
  }
}
