// The security headers of every answer, worked out once at start. None of them depends on the
// request (no CSP nonces), so helmet is asked once for the header set and each answer only copies
// it; @fastify/helmet re-ran helmet's whole option parsing on every request, a measurable share of
// a cached catalogue answer (docs/decisions/0015-server-speed.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from './env';

/** Helmet's options for this salon: a strict CSP, HSTS only in production. */
function helmetOptions(config: Config): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // OpenStreetMap: the contact page loads its favicon to learn that the map's host answers
        // before it shows the map's frame (docs/decisions/0022-contact-map.md).
        imgSrc: ["'self'", 'data:', 'blob:', config.publicUrl, 'https://www.openstreetmap.org'],
        mediaSrc: ["'self'", config.publicUrl],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The contact page's interactive map is OpenStreetMap's embed, loaded on request.
        frameSrc: ['https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Images are loaded by the separately hosted client too (CORS_ORIGINS).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
}

/** The headers helmet sets for this configuration, as name -> value. */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader() {
      // X-Powered-By: Fastify never sets it.
    },
  };
  const state = { finished: false };
  helmet(helmetOptions(config))({} as unknown as IncomingMessage, collector as unknown as ServerResponse, () => {
    state.finished = true;
  });
  // Helmet's middleware is synchronous; if that ever changes, fail at start, not per request.
  if (!state.finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
