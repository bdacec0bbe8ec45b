import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer. The web client ships no inline script, so scripts come from
 * our own origin only; avatars may be any https image, and images the client fetched itself with its
 * token (a report's kept images) or picked from the device are shown from `blob:` URLs. No upgrade-insecure-requests: a self-hosted
 * instance on plain http (a LAN, localhost) must keep working. No Cross-Origin-Opener-Policy
 * isolation: apps on other origins (Phanpy) open the consent page in a popup and wait for it to report
 * back, which `same-origin` on any page the popup may show cut off (docs/decisions/107); framing stays
 * refused.
 */
const policy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginOpenerPolicy: { policy: 'unsafe-none' },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/**
 * Helmet's headers for this policy, worked out once. They do not depend on the request, and
 * @fastify/helmet rebuilt helmet's middleware (parsing every directive) on each one: 3% of a feed page.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(policy)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * For public images (avatars, headers, uploads): web apps on other origins (Phanpy, Elk) draw them, in
 * an <img> (which the default Cross-Origin-Resource-Policy of same-origin refuses) or through fetch.
 */
export const loadableFromAnyOrigin = {
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
} as const;

export function registerSecurityHeaders(app: FastifyInstance) {
  // Set on the raw response, as helmet does, so that answers written past Fastify (event streams) have them.
  const headers = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
