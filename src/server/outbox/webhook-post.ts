// Webhook deliveries: a signed POST in the Standard Webhooks form, only to public
// addresses unless the host is listed in WEBHOOK_ALLOW_HOSTS. The address is checked where the
// connection is made (the resolver answer the socket uses), so a name that changes its address
// after the endpoint was saved cannot reach the salon's own network either.
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A failure a retry cannot mend: the message is marked failed at once. */
export class PermanentFailure extends Error {
  override name = 'PermanentFailure';
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's decoded bytes. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key)
    .update(`${id}.${String(timestamp)}.${body}`)
    .digest('base64')}`;
}

/** IPv6's global unicast block: outside it are `::/96` (IPv4-compatible), NAT64, unique-local and the rest. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** The IPv4 address of two 16-bit groups. */
const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The forms of IPv6 address that carry an IPv4 one, and where they carry it (groups of 16 bits). */
const CARRIERS: { range: [ipaddr.IPv6, number]; carried: (groups: number[]) => ipaddr.IPv4[] }[] = [
  // IPv4-compatible (::a.b.c.d, deprecated) and NAT64 (64:ff9b::a.b.c.d): the last 32 bits.
  { range: ipaddr.IPv6.parseCIDR('::/96'), carried: (g) => [ipv4Of(g[6] ?? 0, g[7] ?? 0)] },
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), carried: (g) => [ipv4Of(g[6] ?? 0, g[7] ?? 0)] },
  // 6to4 (2002:aabb:ccdd::): bits 16 to 48.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), carried: (g) => [ipv4Of(g[1] ?? 0, g[2] ?? 0)] },
  // Teredo (2001:0:server:flags:port:client): the server, and the client with its bits inverted.
  {
    range: ipaddr.IPv6.parseCIDR('2001::/32'),
    carried: (g) => [ipv4Of(g[2] ?? 0, g[3] ?? 0), ipv4Of(~(g[6] ?? 0) & 0xffff, ~(g[7] ?? 0) & 0xffff)],
  },
];

/**
 * Only ordinary internet addresses: what ipaddr.js ranges as `unicast` (for IPv6, also inside the
 * global unicast block), never loopback, private, link-local, reserved and the like. An
 * IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address; an IPv6 address that carries an IPv4
 * one (IPv4-compatible, NAT64, 6to4, Teredo) is judged by that IPv4 address as well, so no single
 * entry of the range table is all that keeps a webhook off the salon's own network.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const carried = CARRIERS.find((form) => parsed.match(form.range))?.carried(parsed.parts) ?? [];
  return (
    carried.every((inner) => inner.range() === 'unicast') &&
    parsed.range() === 'unicast' &&
    parsed.match(GLOBAL_UNICAST)
  );
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

const privateMessage = (host: string) =>
  `${host} is a private or loopback address. Webhooks go to public addresses only (or hosts listed in WEBHOOK_ALLOW_HOSTS).`;

/**
 * Why the salon will not post to `url`, or null: plain HTTP or a private address, unless the host
 * is in `allowHosts`; a name that does not resolve.
 */
export async function endpointRefusal(url: string, allowHosts: readonly string[]): Promise<string | null> {
  const parsed = new URL(url);
  const host = hostOf(parsed);
  if (allowHosts.includes(host)) return null;
  if (parsed.protocol !== 'https:')
    return 'Use an https:// URL (plain http:// only for hosts listed in WEBHOOK_ALLOW_HOSTS).';
  const addresses = isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => null,
      );
  if (!addresses || addresses.length === 0) return `The host ${host} cannot be found.`;
  if (addresses.some((address) => !isPublicAddress(address))) return privateMessage(host);
  return null;
}

/** The resolver the socket uses: refuses a private answer unless the host is allowed. */
function checkedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses: LookupAddress[] = found;
      if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address))) {
        callback(new PermanentFailure(privateMessage(hostname)), '', 0);
        return;
      }
      const first = addresses[0];
      if (!first) {
        callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

export interface WebhookPost {
  url: string;
  /** The message id: the same on every retry, so the receiver can tell repeats. */
  id: string;
  secret: string;
  body: string;
  allowHosts: readonly string[];
  timeoutMs?: number;
}

/**
 * Posts one delivery; resolves with the answer's code (2xx), rejects otherwise: an Error with the
 * code in `statusCode` for a non-2xx answer, a PermanentFailure for a refused address.
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  const host = hostOf(url);
  const allowed = post.allowHosts.includes(host);
  if (!allowed && url.protocol !== 'https:')
    return Promise.reject(
      new PermanentFailure('Plain http:// is allowed only for hosts listed in WEBHOOK_ALLOW_HOSTS.'),
    );
  if (!allowed && isIP(host) && !isPublicAddress(host))
    return Promise.reject(new PermanentFailure(privateMessage(host)));
  const timestamp = Math.floor(Date.now() / 1000);
  const options: RequestOptions = {
    method: 'POST',
    lookup: checkedLookup(allowed),
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(post.body),
      'user-agent': 'salon-webhooks/1',
      'webhook-id': post.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(post.secret, post.id, timestamp, post.body),
    },
  };
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, options, (response) => {
      // The answer's body is not needed: read and dropped so the socket is freed.
      response.resume();
      const code = response.statusCode ?? 0;
      response.on('end', () => {
        if (code >= 200 && code < 300) resolve(code);
        else reject(Object.assign(new Error(`The endpoint answered ${String(code)}.`), { statusCode: code }));
      });
      response.on('error', reject);
    });
    // The whole exchange, not only a silent socket, must end within the limit.
    const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const timer = setTimeout(() => {
      request.destroy(new Error(`No complete answer within ${String(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    request.on('close', () => {
      clearTimeout(timer);
    });
    request.on('error', reject);
    request.end(post.body);
  });
}
