import { routerPath, type EndpointSpec, type ParsedInputOf, type SuccessOf } from '@shop/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
} from 'fastify';
import type { Guards } from '../auth/guards.js';
import { idempotentRoute } from './idempotency.js';

/** What a handler gets: the request with its params, query and body parsed by the contract. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest & ParsedInputOf<E>;

/**
 * A handler answers the contract's success body (sent with the first 2xx status the contract
 * names), or sends through `reply` itself (another status, a prepared body).
 */
export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<SuccessOf<E> | FastifyReply> | SuccessOf<E> | FastifyReply;

export interface ServeOptions {
  /** Hooks that run before the body is parsed; the access guard runs first. */
  onRequest?: onRequestHookHandler[];
  /** The route's config, read by plugins (e.g. `PREPARED_ROUTE_CONFIG` for @fastify/compress). */
  config?: Record<string, unknown>;
  /** The largest body the route takes, in bytes, where the server's default is too small. */
  bodyLimit?: number;
}

/**
 * The guard an access level needs. It runs on `onRequest`, before the body is parsed: a
 * request without a token gets 401 whatever it sends. `session` and `stripe` are checked by
 * their handlers (Better Auth's cookie, Stripe's signature over the raw bytes).
 */
function guardFor(endpoint: EndpointSpec, guards: Guards): onRequestHookHandler[] {
  if (endpoint.access === 'user') return [guards.requireUser];
  if (endpoint.access === 'admin') return [guards.requireAdmin];
  return [];
}

function firstSuccessStatus(endpoint: EndpointSpec): number {
  const status = Object.keys(endpoint.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  return status ?? 200;
}

/**
 * Registers one endpoint from its contract (packages/shared/src/api): method, path, the
 * schemas that check the request and serialize every answer, the guard of its access, and
 * `Idempotency-Key` where the contract says `idempotent` (./idempotency.ts).
 */
export function serve<E extends EndpointSpec>(
  app: FastifyInstance,
  guards: Guards,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServeOptions = {},
): void {
  const schema: FastifySchema = { response: endpoint.responses };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const idempotent = endpoint.idempotent ? idempotentRoute(app, endpoint) : undefined;
  if (idempotent) schema.headers = idempotent.headers;
  const status = firstSuccessStatus(endpoint);
  const finish = (reply: FastifyReply, answer: unknown) =>
    answer === reply || reply.sent ? reply : reply.code(status).send(answer);
  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    schema,
    // The scope an API key needs here, read by the guard (auth/guards.ts).
    config: { ...options.config, apiKeyScope: endpoint.scope },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    onRequest: [...guardFor(endpoint, guards), ...(options.onRequest ?? [])],
    ...(idempotent ? { preHandler: [idempotent.preHandler], onSend: [idempotent.onSend] } : {}),
    handler: (request, reply) => {
      const answer = handler(request as EndpointRequest<E>, reply);
      if (answer instanceof Promise) return answer.then((value) => finish(reply, value));
      // Answered without waiting (the catalogue from memory): nothing goes back to Fastify.
      // Handing it the reply, a thenable, would make it wait on the socket for every request.
      finish(reply, answer);
      return undefined;
    },
  });
}
