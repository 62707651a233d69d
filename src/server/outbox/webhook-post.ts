// Webhook deliveries (issue 18): a signed POST in the Standard Webhooks form, only to public
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
  return `v1,${createHmac('sha256', key).update(`${id}.${String(timestamp)}.${body}`).digest('base64')}`;
}

/** Only ordinary internet addresses: not loopback, private, link-local, reserved and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
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
  if (parsed.protocol !== 'https:') return 'Use an https:// URL (plain http:// only for hosts listed in WEBHOOK_ALLOW_HOSTS).';
  const addresses = isIP(host) ? [host] : await dns.lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => null);
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
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
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
  if (!allowed && url.protocol !== 'https:') return Promise.reject(new PermanentFailure('Plain http:// is allowed only for hosts listed in WEBHOOK_ALLOW_HOSTS.'));
  if (!allowed && isIP(host) && !isPublicAddress(host)) return Promise.reject(new PermanentFailure(privateMessage(host)));
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
