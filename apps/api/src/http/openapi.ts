import { STATUS_CODES } from 'node:http';
import {
  api,
  API_PREFIX,
  apiErrorSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  idempotencyKeySchema,
  IDEMPOTENT_REPLAYED_HEADER,
  listEndpoints,
  pathParams,
  webhookEventData,
  servedByBetterAuth,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  type Access,
  type Api,
  type EndpointSpec,
  type WebhookEvent,
} from '@shop/shared';
import { z } from 'zod';
import type * as zc from 'zod/v4/core';

/**
 * The OpenAPI 3.1 document of the shop API, generated from the contracts of packages/shared
 * (`listEndpoints()`): one operation per contract, Better Auth's endpoints included. Schemas
 * come from zod's own `z.toJSONSchema` as JSON Schema 2020-12, the dialect OpenAPI 3.1 takes:
 * the input side for what a caller sends (a query's defaults may be left out), the output side
 * for what the server answers.
 */

type JsonSchema = { [key: string]: unknown };
type Operation = { [key: string]: unknown };

export interface OpenApiInfo {
  title: string;
  version: string;
}

/** What each resource (an OpenAPI tag) holds. Typed by `Api`: a new resource needs a line. */
const tagDescriptions: Record<keyof Api, string> = {
  settings: 'Public settings and health',
  identity: 'The shop token: trade the Better Auth session for it, and ask who is an admin',
  users: "The admin's Make Admin page: the users, promotion and removal",
  profile: 'My Profile',
  companies: 'Company accounts: members, spending limits, approvals and contract prices',
  locations: "A company's ship-to locations, picked at checkout",
  catalog: 'The products (items): reads are public and cached with an ETag',
  reviews: "Customers' reviews and their moderation",
  orders: 'Orders, from placing to shipping',
  purchases: 'Purchases: a cart of many lines checked out at once, paid at once, invoiced',
  creditNotes: 'Credit notes: all or part of an invoiced purchase given back, refunded to the card',
  quotes:
    'Quotes: asked for, offered in versions, accepted once as a purchase at the offered prices',
  shipping:
    'Shipping methods: zones, flat prices or weight bands, free above an amount, days in transit',
  payments: 'Paying an order: payment intents, the Stripe webhook and the test gateway',
  apiKeys:
    "API keys for programs: a company owner's for its purchasing system, an admin's for the ERP; a key acts as its maker within its scopes",
  webhooks:
    'Webhooks: events POSTed to your URL, signed (Webhook-Signature), retried for 24 hours, with a delivery log',
  jobs: 'The job system: failed emails, webhook deliveries and recurring tasks, and retrying them',
  audit: 'Who did what to whom',
  stats: "The admin's Overview: revenue, orders, top products and customers, stock to watch",
  tax: 'Sales tax and VAT: the US state rate table and exemption certificates',
  newsletter: 'The newsletter',
  docs: 'This document and its reference page',
  auth: 'Accounts and sessions, served by Better Auth',
};

/** Who may call, in words, and the security requirement an access level needs. */
const accessRules: Record<Access, { text: string; security?: Record<string, string[]>[] }> = {
  anyone: { text: 'Anyone may call it.' },
  session: {
    text: 'Needs the Better Auth session cookie (sign in first).',
    security: [{ sessionCookie: [] }],
  },
  user: {
    text: 'Needs a shop token (`Authorization: Bearer <token>`).',
    security: [{ shopToken: [] }],
  },
  admin: { text: 'Needs the shop token of an admin.', security: [{ shopToken: [] }] },
  stripe: {
    text: "Called by Stripe: the Stripe-Signature header signs the body's exact bytes.",
    security: [{ stripeSignature: [] }],
  },
};

const securitySchemes = {
  shopToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: `The shop token: \`PUT ${API_PREFIX}${api.identity.issueToken.path}\` trades a Better Auth session for it. It ends with that session.`,
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: `Better Auth's session cookie, set by \`POST ${API_PREFIX}${api.auth.signIn.path}\` (named \`__Secure-better-auth.session_token\` over https).`,
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of a webhook event, made with the webhook secret.",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pk_live_...',
    description: `An API key for a program (\`POST ${API_PREFIX}${api.apiKeys.create.path}\`), sent as \`Authorization: Bearer pk_live_...\`. It acts as the person who made it, on the operations whose \`x-api-key-scope\` it was given; every other operation answers it 403.`,
  },
};

/** What the `Idempotency-Key` header does, on every operation that takes it (docs/decisions/025). */
const idempotencyDescription = [
  `A key you make for one attempt of this request (a random UUID; at most 255 characters). Sent again with the same body within ${IDEMPOTENCY_KEY_HOURS} hours, it answers the first answer again, with the same status and body and the header \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, and does nothing twice.`,
  'The same key with another body answers 422; while the first request with the key still runs, 409.',
  "Keys are your own (another account may use the same one) and this operation's own. An answer refused as invalid (400) or failed on our side (5xx) is not kept: retry with the same key.",
].join(' ');

const introduction = [
  'The API of the shop. Every answer is JSON unless an operation says otherwise; `_id` is the id field of every record; a failure answers `{ statusCode, error, message }`.',
  '',
  `To call as a customer or an admin: sign in with \`POST ${API_PREFIX}${api.auth.signIn.path}\` (Better Auth sets its session cookie), trade the session for a shop token with \`PUT ${API_PREFIX}${api.identity.issueToken.path}\`, and send the token as \`Authorization: Bearer <token>\`.`,
].join('\n');

/**
 * An operation's `security`: what its access level needs, or an API key with its scope instead
 * (a public read: nothing, or the key). Undefined for an operation that needs nothing.
 */
function security(
  needs: Record<string, string[]>[] | undefined,
  scope: EndpointSpec['scope'],
): { security: Record<string, string[]>[] } | undefined {
  if (!scope) return needs ? { security: needs } : undefined;
  return { security: [...(needs ?? [{}]), { apiKey: [scope] }] };
}

/** Finds the schemas zod extracted into `$defs` and moves them to `components.schemas`. */
function hoistDefinitions(
  schema: JsonSchema,
  owner: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = schema;
  if (!$defs) return rest;
  const names = new Map<string, string>();
  for (const key of Object.keys($defs as JsonSchema)) {
    // zod names an unnamed shared schema `__schema0`, `__schema1`...: unique per call only.
    names.set(`#/$defs/${key}`, `#/components/schemas/${key.startsWith('__') ? owner + key : key}`);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' ? (names.get(inner) ?? inner) : rewrite(inner),
      ]),
    );
  };
  for (const [key, definition] of Object.entries($defs as JsonSchema)) {
    const name = names.get(`#/$defs/${key}`)!.slice('#/components/schemas/'.length);
    components[name] = rewrite(definition) as JsonSchema;
  }
  return rewrite(rest) as JsonSchema;
}

/**
 * Writes one document: each schema converted on its own, so no schema's `$ref` points into
 * another; a schema zod extracts (a cycle, a `.meta({ id })`) goes to `components.schemas`.
 */
function documentWriter() {
  const components: Record<string, JsonSchema> = {};
  const jsonSchema = (schema: zc.$ZodType, io: 'input' | 'output', owner: string) =>
    hoistDefinitions(
      z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }),
      owner,
      components,
    );
  // The error body every failure answers with: one component that each answer refers to.
  components.ApiErrorBody = jsonSchema(apiErrorSchema, 'output', 'ApiErrorBody');
  const apiError = { schema: { $ref: '#/components/schemas/ApiErrorBody' } };

  const parameters = (endpoint: EndpointSpec, owner: string) => {
    const list: Operation[] = [];
    for (const where of ['path', 'query'] as const) {
      const schema = where === 'path' ? endpoint.params : endpoint.query;
      if (!schema) continue;
      const json = jsonSchema(schema, 'input', `${owner}.${where}`);
      const properties = json.properties as Record<string, JsonSchema> | undefined;
      if (json.type !== 'object' || !properties) {
        throw new TypeError(`${owner}: the ${where} parameters must be a zod object.`);
      }
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        list.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: property,
          ...(typeof property.description === 'string'
            ? { description: property.description }
            : {}),
        });
      }
    }
    for (const name of pathParams(endpoint.path)) {
      if (!list.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
        list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (endpoint.idempotent) {
      list.push({
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        schema: jsonSchema(idempotencyKeySchema, 'input', `${owner}.header`),
        description: idempotencyDescription,
      });
    }
    return list;
  };

  /** A body's content: its media type is `contentMediaType` if the schema names one. */
  const content = (json: JsonSchema) => ({
    [typeof json.contentMediaType === 'string' ? json.contentMediaType : 'application/json']: {
      schema: json,
    },
  });

  const requestBody = (endpoint: EndpointSpec, owner: string) => {
    if (endpoint.rawBody) {
      return {
        required: true,
        description: 'Read as raw bytes, unparsed: a signature covers them exactly.',
        content: {
          'application/json': {
            schema: endpoint.body ? jsonSchema(endpoint.body, 'input', `${owner}.body`) : {},
          },
        },
      };
    }
    if (endpoint.multipartFile) {
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [endpoint.multipartFile],
              properties: { [endpoint.multipartFile]: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    }
    if (!endpoint.body) return undefined;
    return {
      required: true,
      content: content(jsonSchema(endpoint.body, 'input', `${owner}.body`)),
    };
  };

  const responses = (endpoint: EndpointSpec, owner: string) =>
    Object.fromEntries(
      Object.entries(endpoint.responses).map(([status, schema]) => {
        const description = STATUS_CODES[Number(status)] ?? `Status ${status}`;
        if (schema === apiErrorSchema) {
          return [status, { description, content: { 'application/json': apiError } }];
        }
        const json = jsonSchema(schema, 'output', `${owner}.${status}`);
        // An answer of any shape (a redirect's) documents no body.
        if (Object.keys(json).length === 0) return [status, { description }];
        return [status, { description, content: content(json) }];
      }),
    );

  const operation = (resource: keyof Api, name: string, endpoint: EndpointSpec): Operation => {
    const owner = `${resource}.${name}`;
    const rule = accessRules[endpoint.access];
    const betterAuth = servedByBetterAuth.has(resource);
    const description = [
      rule.text,
      endpoint.scope ? `An API key with the \`${endpoint.scope}\` scope may call it.` : '',
      endpoint.who ? `Who may: ${endpoint.who}.` : '',
      betterAuth ? 'Served by Better Auth.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const params = parameters(endpoint, owner);
    const body = requestBody(endpoint, owner);
    return {
      operationId: owner,
      summary: endpoint.summary,
      description,
      tags: [resource],
      'x-access': endpoint.access,
      ...(endpoint.who ? { 'x-who': endpoint.who } : {}),
      ...(betterAuth ? { 'x-served-by': 'better-auth' } : {}),
      ...(endpoint.scope ? { 'x-api-key-scope': endpoint.scope } : {}),
      ...(security(rule.security, endpoint.scope) ?? {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(endpoint, owner),
    };
  };

  /**
   * An event the shop POSTs to a subscription (OpenAPI 3.1 `webhooks`): its envelope with the
   * event's `data`, the headers that sign it, and what the receiver answers.
   */
  const webhook = (event: WebhookEvent): Operation => {
    const data = webhookEventData[event];
    const envelope = z.object({
      id: z.string().describe('The event id, the same on every attempt (Webhook-Id)'),
      type: z.literal(event),
      createdAt: z.string(),
      data,
    });
    return {
      post: {
        operationId: `webhook.${event}`,
        summary: webhookSummaries[event],
        description: `Sent to each subscription to \`${event}\` (\`POST ${API_PREFIX}${api.webhooks.create.path}\`), signed with its secret, retried with backoff for ${WEBHOOK_RETRY_HOURS} hours until answered 2xx; one purchase's events in order.`,
        parameters: [
          {
            name: WEBHOOK_SIGNATURE_HEADER,
            in: 'header',
            required: true,
            description:
              't=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<body>"> with the subscription\'s secret',
            schema: { type: 'string' },
          },
          {
            name: 'Webhook-Id',
            in: 'header',
            required: true,
            description: "The event's id: keep it to handle an event delivered twice once",
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: jsonSchema(envelope, 'output', `webhook.${event}`) },
          },
        },
        responses: { '2XX': { description: 'Received: the delivery is done.' } },
      },
    };
  };

  return { components, operation, webhook };
}

/** One line per event, for the reference. */
const webhookSummaries: Record<WebhookEvent, string> = {
  'purchase.created': 'A purchase was placed (or placed waiting for approval)',
  'purchase.approved': "A purchase waiting for approval was approved by the company's approver",
  'purchase.paid':
    'A purchase was paid in full: by card, at no charge, or its invoice on account settled',
  'purchase.shipped':
    'A parcel of a purchase left: `status` says `shipped` for the last, `partially_shipped` before',
  'invoice.issued': 'A purchase was invoiced: paid by card, or on account with its due date',
  'invoice.overdue': 'An invoice on account passed its due date unpaid (once per invoice)',
  'quote.offered': 'The shop made an offer on a quote',
  'product.updated': `A product was added or its record changed by an admin (price, stock count, text): the product as ${api.catalog.get.method} ${api.catalog.get.path} answers`,
  'stock.low':
    "A purchase took a product to its low-stock threshold or below (an admin's subscriptions only)",
};

/** The whole document. Built once at start: it depends only on the contracts and `info`. */
export function openApiDocument(info: OpenApiInfo) {
  const { components, operation, webhook } = documentWriter();
  const paths: Record<string, Record<string, Operation>> = {};
  for (const { resource, name, endpoint } of listEndpoints()) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (item[method]) throw new TypeError(`Two contracts are ${endpoint.method} ${endpoint.path}.`);
    item[method] = operation(resource, name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: introduction },
    servers: [{ url: API_PREFIX, description: 'This shop' }],
    tags: (Object.keys(api) as (keyof Api)[]).map((name) => ({
      name,
      description: tagDescriptions[name],
      ...(servedByBetterAuth.has(name) ? { 'x-served-by': 'better-auth' } : {}),
    })),
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, webhook(event)])),
    components: { securitySchemes, schemas: components },
  };
}
