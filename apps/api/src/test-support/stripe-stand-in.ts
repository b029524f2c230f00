import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the part of Stripe's API the shop calls (PaymentIntents create,
 * retrieve and cancel; refunds). It records every request, so tests can check what the Stripe
 * gateway sends (amount in cents, currency, metadata, Idempotency-Key), and answers Stripe-shaped
 * JSON, including Stripe's idempotent replay and its error bodies.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, keys as sent (`metadata[orderId]`). */
  form: Record<string, string>;
}

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** False as in test mode; a test sets it true to stand for a live payment. */
  livemode: boolean;
  created: number;
  amount_refunded: number;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** What a customer's successful confirmCardPayment does at Stripe. */
  succeed(intentId: string): void;
  close(): Promise<void>;
}

const randomId = () => randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24);

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();

  const error = (status: number, code: string, message: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', code, message } },
  });

  const handle = (
    method: string,
    path: string,
    form: Record<string, string>,
    headers: IncomingHttpHeaders,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const key = String(headers['idempotency-key'] ?? '');
      const replay = key ? byIdempotencyKey.get(key) : undefined;
      if (replay) return { status: 200, body: replay };
      const id = `pi_${randomId()}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomId()}`,
        metadata,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        amount_refunded: 0,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(decodeURIComponent(intentPath[1] ?? ''));
      if (!intent) {
        return error(404, 'resource_missing', `No such payment_intent: '${intentPath[1]}'`);
      }
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: intent };
      if (method === 'POST' && intentPath[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return error(
            400,
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return error(404, 'resource_missing', 'No such payment_intent');
      if (intent.amount_refunded >= intent.amount) {
        return error(400, 'charge_already_refunded', 'Charge has already been refunded.');
      }
      const left = intent.amount - intent.amount_refunded;
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
        return error(400, 'amount_too_large', `Refund amount is greater than ${left}.`);
      }
      intent.amount_refunded += amount;
      return {
        status: 200,
        body: {
          id: `re_${randomId()}`,
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
        },
      };
    }
    return error(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw || url.search));
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, headers: request.headers, form });
      const { status, body } = handle(method, url.pathname, form, request.headers);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomId()}`,
      });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No stand-in intent ${intentId}`);
      intent.status = 'succeeded';
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
