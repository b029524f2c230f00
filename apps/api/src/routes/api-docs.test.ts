import { Validator } from '@seriousme/openapi-schema-validator';
import {
  api,
  API_PREFIX,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  listEndpoints,
  routerPath,
  servedByBetterAuth,
  WEBHOOK_EVENTS,
  type EndpointSpec,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { registeredApiRoutes } from '../test-support/registered-routes.js';

const url = (contract: EndpointSpec, params?: Record<string, string>) =>
  apiPath(contract, { params });
/** How the app registers a contract's route: under /api, in the router's `:name` syntax. */
const registeredKey = ({ method, path }: EndpointSpec) =>
  `${method} ${API_PREFIX}${routerPath(path)}`;

type Operation = { operationId: string; tags: string[]; 'x-access': string } & Record<
  string,
  unknown
>;
interface Document {
  [key: string]: unknown;
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe.each(testDatabases())('OpenAPI document and reference page on %s', (kind) => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SHOP_NAME: 'Acme Parts' } });
    const response = await t.app.inject({ method: 'GET', url: url(api.docs.openapi) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names the API key scope of each operation a key may call, and carries the webhooks', () => {
    const schemes = (document.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { endpoint } of listEndpoints()) {
      const operation = document.paths[endpoint.path]![endpoint.method.toLowerCase()]!;
      expect(operation['x-api-key-scope'], endpoint.path).toBe(endpoint.scope);
      if (endpoint.scope) {
        expect(operation.security, endpoint.path).toContainEqual({ apiKey: [endpoint.scope] });
      }
    }
    const webhooks = document.webhooks as Record<string, { post: Operation }>;
    expect(Object.keys(webhooks)).toEqual([...WEBHOOK_EVENTS]);
    for (const event of WEBHOOK_EVENTS) {
      const { post } = webhooks[event]!;
      expect(JSON.stringify(post)).toContain('Webhook-Signature');
      expect(JSON.stringify(post)).toContain(`"const":"${event}"`);
    }
  });

  it('names the shop, its version and the base path', () => {
    expect(document.info.title).toBe('Acme Parts API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: API_PREFIX, description: 'This shop' }]);
  });

  it("has one operation per contract, Better Auth's tagged as served by it", () => {
    for (const { resource, name, endpoint } of listEndpoints()) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toMatchObject({
        operationId: `${resource}.${name}`,
        summary: endpoint.summary,
        tags: [resource],
        'x-access': endpoint.access,
      });
      if (servedByBetterAuth.has(resource)) {
        expect(operation?.['x-served-by']).toBe('better-auth');
      }
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(listEndpoints().length);
  });

  it('documents the Idempotency-Key header on the operations that take it, and only there', () => {
    const idempotent = listEndpoints()
      .filter(({ endpoint }) => endpoint.idempotent)
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(idempotent.sort()).toEqual(
      [
        api.orders.place,
        api.purchases.checkout,
        api.payments.createIntent,
        api.companies.recordBankPayment,
        api.quotes.create,
        // Issue 32: the ERP adding products.
        api.catalog.create,
      ]
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    );
    for (const { endpoint } of listEndpoints()) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      const header = ((operation?.parameters as { name: string; in: string }[]) ?? []).find(
        (parameter) => parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY_HEADER,
      );
      const where = `${endpoint.method} ${endpoint.path}`;
      if (!endpoint.idempotent) {
        expect(header, where).toBeUndefined();
        continue;
      }
      expect(header, where).toMatchObject({
        required: false,
        schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX },
        description: expect.stringContaining('422'),
      });
      expect(Object.keys(operation?.responses as object), where).toEqual(
        expect.arrayContaining(['409', '422']),
      );
    }
  });

  it('documents every route the app registers, each one a contract, and registers every contract', () => {
    const contracts = new Map(
      listEndpoints()
        .filter(({ resource }) => !servedByBetterAuth.has(resource))
        .map(({ endpoint }) => [registeredKey(endpoint), endpoint]),
    );
    const registered = registeredApiRoutes(t.app).map(({ method, url }) => `${method} ${url}`);
    const unlisted = registered.filter((key) => !contracts.has(key));
    expect(unlisted, 'routes registered without a contract').toEqual([]);
    for (const key of registered) {
      const { method, path } = contracts.get(key)!;
      expect(document.paths[path]?.[method.toLowerCase()], key).toBeDefined();
    }
    expect([...contracts.keys()].sort()).toEqual([...registered].sort());
  });

  it('serves the reference page with no inline script, its files from the shop itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: url(api.docs.page) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).toContain('<title>Acme Parts API reference</title>');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toContain(' src="');
      expect(inline).toBe('');
    }
    const files = [...page.body.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map(([, file]) => file!);
    expect(files).toEqual([
      url(api.docs.stylesheet),
      url(api.docs.script, { script: 'reference.js' }),
      url(api.docs.script, { script: 'init.js' }),
    ]);
    for (const file of files) {
      const response = await t.app.inject({ method: 'GET', url: file });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toMatch(
        /^text\/(css|javascript); charset=utf-8$/,
      );
      expect(response.body, file).not.toContain('sourceMappingURL');
    }
    const init = await t.app.inject({ method: 'GET', url: files[2]! });
    expect(init.body).toContain(JSON.stringify(url(api.docs.openapi)));
  });

  it('answers 304 to a browser that has the current file', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(api.docs.openapi) });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: url(api.docs.openapi),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 400 for a script the page does not have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: url(api.docs.script, { script: 'other.js' }),
    });
    expect(response.statusCode).toBe(400);
  });
});
