import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { api, apiPath, AUTH_PREFIX } from '@shop/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.js';

/** Request headers that describe the client connection, not the request: never forwarded. */
const HOP_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade'];
/** Answer headers Fastify sets itself from what it sends. */
const SKIPPED_ANSWER_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** Better Auth 1.6 and older clients sign in with a generic provider here, by `providerId`. */
const LEGACY_OAUTH2_SIGN_IN = apiPath(api.auth.signInOAuth2);

/** Fastify's request as a Fetch API Request, which is what Better Auth's handler takes. */
export function toFetchRequest(request: FastifyRequest, origin: string): Request {
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.includes(key)) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, value);
  }
  // request.ip honours TRUST_PROXY; a client's own X-Forwarded-For must not pick its rate-limit
  // bucket.
  headers.set('x-forwarded-for', request.ip);

  let body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
  if (request.method === 'POST' && url.pathname === LEGACY_OAUTH2_SIGN_IN) {
    url.pathname = apiPath(api.auth.signInSocial);
    body = legacyOAuth2Body(body);
    headers.set('content-type', 'application/json');
  }
  const hasBody = body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(body!) : undefined,
  });
}

/** `{ providerId, ... }` (1.6's /sign-in/oauth2) as `{ provider, ... }` (/sign-in/social). */
function legacyOAuth2Body(body: Buffer | undefined): Buffer | undefined {
  if (!body) return body;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
    const { providerId, ...rest } = parsed as Record<string, unknown>;
    return Buffer.from(JSON.stringify({ provider: providerId, ...rest }));
  } catch {
    return body;
  }
}

/**
 * Mounts Better Auth under /api/auth (this plugin is registered with the /api prefix). Bodies
 * reach Better Auth as the bytes the client sent: it parses JSON and forms itself. Answers,
 * with every Set-Cookie and redirect, are streamed back unchanged.
 */
export const authRoutes: FastifyPluginAsync<{ auth: Auth; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_PREFIX}/*`,
    handler: async (request, reply) => {
      const response = await auth.handler(toFetchRequest(request, publicUrl));
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || SKIPPED_ANSWER_HEADERS.has(key)) return;
        reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      // Answers carry the user's session: never stored by a shared cache.
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-store');
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
    },
  });
};
