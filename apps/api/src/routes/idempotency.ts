import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idempotencyMessages,
  type EndpointSpec,
} from '@shop/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { currentUser } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import {
  idempotencyStore,
  requestHash,
  type IdempotencyStore,
  type KeyRef,
} from './idempotency-store.js';

/**
 * `Idempotency-Key` around the routes whose contract says `idempotent: true` (DESIGN section 9;
 * docs/decisions/025). It wraps the route, never the service: after the schemas have accepted
 * the request (a refused one stores nothing) the key is claimed; the answer, whatever route or
 * error handler made it, is kept as it was sent, or let go when it is a 5xx or a 400.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The keys' rows (`serve` reads it for idempotent contracts; tests sweep with it). */
    idempotency: IdempotencyStore;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is kept or let go. */
    idempotencyClaim: KeyRef | null;
  }
}

/** Makes the store every idempotent route uses. Before the routes are registered. */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorate('idempotency', idempotencyStore(db));
  app.decorateRequest('idempotencyClaim', null);
}

/**
 * Answers that are not kept, so the same key may try again: a 5xx (nothing was done: every write
 * is one transaction) and a 400 (the request was refused as invalid before doing anything:
 * Stripe keeps no result "if incoming parameters fail validation").
 */
const keeps = (status: number) => status < 500 && status !== 400;

/** What `serve` adds to the route of an idempotent contract. */
export interface IdempotentRoute {
  headers: typeof idempotencyHeadersSchema;
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
}

export function idempotentRoute(app: FastifyInstance, endpoint: EndpointSpec): IdempotentRoute {
  const name = `${endpoint.method} ${endpoint.path}`;
  for (const status of [409, 422]) {
    if (!endpoint.responses[status]) {
      throw new TypeError(`${name} takes an Idempotency-Key: its contract must name ${status}.`);
    }
  }
  if (endpoint.access !== 'user' && endpoint.access !== 'admin') {
    throw new TypeError(`${name} takes an Idempotency-Key: a key needs a signed-in caller.`);
  }
  if (!app.hasDecorator('idempotency')) {
    throw new TypeError(`${name} takes an Idempotency-Key: call registerIdempotency first.`);
  }
  const store = app.idempotency;

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.headers as Record<string, unknown>)['idempotency-key'];
    // No key: the request runs as it always did.
    if (typeof key !== 'string') return;
    // Keys are their caller's own: a person and each of the API keys they made are apart, so a
    // program never gets a person's stored answer, nor one program another's (decision 053).
    const endpoint = request.apiKeyId ? `${name} apikey:${request.apiKeyId}` : name;
    const ref: KeyRef = { userId: currentUser(request).id, endpoint, key };
    const claim = await store.claim(ref, requestHash(request));
    if (claim.kind === 'other-body') throw new HttpError(422, idempotencyMessages.otherBody);
    if (claim.kind === 'in-progress') throw new HttpError(409, idempotencyMessages.inProgress);
    if (claim.kind === 'replay') {
      return reply
        .code(claim.status)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(claim.body);
    }
    request.idempotencyClaim = ref;
  };

  // A route's own onSend hooks run before those plugins add to it (@fastify/compress), so the
  // payload here is the JSON text the route or the error handler made.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const ref = request.idempotencyClaim;
    if (!ref) return payload;
    request.idempotencyClaim = null;
    try {
      if (keeps(reply.statusCode) && typeof payload === 'string') {
        await store.finish(ref, reply.statusCode, payload);
      } else {
        await store.release(ref);
      }
    } catch (error) {
      // The request itself is done: its answer still goes out. The key stays "in progress" and
      // answers 409 until it expires, which never runs the request twice.
      request.log.error({ err: error }, 'could not keep the answer of an Idempotency-Key');
    }
    return payload;
  };

  return { headers: idempotencyHeadersSchema, preHandler, onSend };
}
