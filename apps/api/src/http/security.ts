import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, API_PREFIX, pathPrefix } from '@shop/shared';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './web-app.js';

/**
 * Security headers on every answer, HTML and API alike. The Content-Security-Policy allows
 * exactly what the web app uses: its own scripts, styles and API; no inline style but the
 * documents' own stylesheet, by its hash (`inlineStyles`; nothing in the browser writes styles
 * at run time, docs/decisions/029), and no inline script but the documents' boot script, by its
 * hash (`inlineScripts`, DOCUMENT_BOOT_SCRIPT); images from anywhere over https (admins may give a product
 * an external image URL) and data: URIs. When Stripe is configured, Stripe.js and its card
 * fields need their origins too (see `stripeOrigins`).
 */
export const contentSecurityPolicy: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** What Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy). */
export const stripeOrigins: Record<string, string[]> = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** How the policy names one <style> or <script> element's text it allows: `'sha256-<base64>'`. */
export const sourceHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface SecurityOptions {
  stripe: boolean;
  /** The text of the <style> elements the shop's own pages carry (documents.ts). */
  inlineStyles?: string[];
  /** The text of the <script> elements without `src` the shop's own pages carry (documents.ts). */
  inlineScripts?: string[];
}

/**
 * The policy's directives, with Stripe's origins added when the Stripe gateway is on and the
 * hashes of the shop's own inline stylesheets.
 */
export function cspDirectives({
  stripe,
  inlineStyles = [],
  inlineScripts = [],
}: SecurityOptions): Record<string, string[]> {
  const directives = { ...contentSecurityPolicy };
  directives['style-src'] = [...directives['style-src']!, ...inlineStyles.map(sourceHash)];
  directives['script-src'] = [...directives['script-src']!, ...inlineScripts.map(sourceHash)];
  if (stripe) {
    for (const [name, origins] of Object.entries(stripeOrigins)) {
      directives[name] = [...(directives[name] ?? ["'self'"]), ...origins];
    }
  }
  return directives;
}

/**
 * Powerful browser features the shop never uses are switched off for its pages and anything
 * they embed, so injected script or a hostile frame cannot ask for the camera or the location.
 * `payment` stays allowed for the shop and Stripe.js's frames (wallet buttons of Stripe Elements).
 */
export const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'browsing-topics=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');

/**
 * Pages the Google sign-in popup lands on when it comes back from the provider. A popup that
 * moves from the provider (no COOP) to a page with any COOP but unsafe-none is put in a new
 * browsing context group, which cuts its link to the shop window: it could no longer report
 * the sign-in. Only these two paths drop the policy.
 */
const popupLandingPaths = [
  `${API_PREFIX}${pathPrefix(api.auth.oauthCallback.path)}`,
  '/auth/popup-complete',
];

/**
 * The headers helmet sets for these options, worked out once. Helmet's own middleware (and
 * @fastify/helmet, which builds a new one on every request) parses the policy per request; the
 * headers never vary between requests here, so the shop computes them at start.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityOptions = { stripe: false },
) {
  const headers = securityHeaders({
    // useDefaults false: helmet's defaults add upgrade-insecure-requests, which breaks the shop
    // when it is reached over plain http on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The shop opens the Google sign-in popup and must keep its handle on it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  headers['permissions-policy'] = permissionsPolicy;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (popupLandingPaths.some((path) => request.url.startsWith(path))) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
    done();
  });
  // API answers are personal (tokens, orders, other people's emails) unless a route says
  // otherwise: no cache, shared or the browser's, keeps one. A route that may be cached (the
  // catalogue's ETag answers) sets its own Cache-Control, which this leaves alone. One rule
  // here rather than one per route: a new admin or identity route is covered without a thought.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/**
 * The bucket of @fastify/rate-limit for a request: its client address, an IPv6 address counted
 * by its /64 as the plugin does. A client that hung up before the limit was checked has no
 * address any more (`request.ip` undefined), which made the plugin's own key throw and log a
 * 500 under load; such requests share one bucket, and nobody is there to get the answer.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  return ip ? normalizeIP(ip) : 'connection-closed';
}
