import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { api, apiPath, routerPath, API_PREFIX } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../../src/test-support/build-test-app.js';
import { CONTACT, checkout, payPurchase } from '../../src/test-support/purchases.js';
import {
  buildShared,
  freePort,
  startServerProcess,
} from '../../src/test-support/server-process.js';
import { addProduct, orderTestEnv, shopper } from '../../src/test-support/shop.js';

/**
 * Traces (issue 33 item 5, docs/decisions/059): with OTEL_EXPORTER_OTLP_ENDPOINT the app sends
 * OpenTelemetry spans over OTLP/HTTP, here to a receiver of the test's own; without it, nothing
 * of OpenTelemetry is loaded, which a server process started with a probe of its module loads
 * shows.
 */

/** A span as the receiver got it, its attributes and its resource's read into plain objects. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

/** OTLP's SpanKind, as its JSON encoding numbers it. */
const SERVER = 2;
const CLIENT = 3;

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;

const attributesOf = (list: OtlpAttributes) =>
  Object.fromEntries(
    (list ?? []).map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue === undefined ? undefined : Number(value.intValue)) ??
        value.boolValue ??
        value.doubleValue,
    ]),
  );

/** An OTLP/HTTP receiver on 127.0.0.1 that keeps every span sent to its /v1/traces as JSON. */
async function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  /** What it could not read: a request elsewhere, or not JSON. */
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.includes('json')) {
        refused.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(404).end();
        return;
      }
      const payload = JSON.parse(body.toString('utf8')) as {
        resourceSpans?: {
          resource?: { attributes?: OtlpAttributes };
          scopeSpans?: {
            spans?: (Omit<ReceivedSpan, 'attributes' | 'resource'> & {
              attributes?: OtlpAttributes;
            })[];
          }[];
        }[];
      };
      for (const { resource, scopeSpans } of payload.resourceSpans ?? []) {
        for (const { spans: sent } of scopeSpans ?? []) {
          for (const span of sent ?? []) {
            spans.push({
              ...span,
              attributes: attributesOf(span.attributes),
              resource: attributesOf(resource?.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The route a contract is registered at in Fastify (`/api/purchase/:id/pay`). */
const routeOf = (contract: { path: string }) => `${API_PREFIX}${routerPath(contract.path)}`;

/** Batches go every 5 seconds: the receiver is looked at until then and a little after. */
const POLL = { timeout: 20_000, interval: 200 };

describe.each(testDatabases())('traces on %s', (kind) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await otlpReceiver();
    t = await buildTestApp(kind, {
      env: orderTestEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** The server span of the request to `route` that answered `status`, once the receiver has it. */
  const requestSpan = async (route: string, status: number) => {
    const find = () =>
      receiver.spans.find(
        (span) =>
          span.kind === SERVER &&
          span.attributes['http.route'] === route &&
          span.attributes['http.response.status_code'] === status,
      );
    await expect.poll(find, POLL).toBeDefined();
    return find()!;
  };
  const childrenOf = (parent: ReceivedSpan) =>
    receiver.spans.filter(
      (span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId,
    );

  it('sends the purchase request as a span naming the purchase, its statements as children', async () => {
    const buyer = await shopper(t);
    const product = await addProduct(t, { price: 25, available: 10 });
    const placed = await checkout(t, buyer, [{ productId: product._id, quantity: 2 }]);
    expect(placed.number).toEqual(expect.any(String));

    const route = apiPath(api.purchases.checkout);
    const request = await requestSpan(route, 201);
    expect(request.name).toBe(`POST ${route}`);
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': route,
      'http.response.status_code': 201,
      'url.scheme': 'http',
      'shop.purchase.number': placed.number,
    });
    expect(request.parentSpanId || undefined).toBeUndefined();
    expect(request.resource['service.name']).toBe('partsworks-shop');

    // Its statements, in its trace: the purchase written among them, with its text and
    // PostgreSQL named as the database.
    await expect
      .poll(
        () =>
          childrenOf(request).some((span) =>
            /^insert into "purchases"/.test(String(span.attributes['db.query.text'])),
          ),
        POLL,
      )
      .toBe(true);
    const statements = childrenOf(request);
    for (const span of statements) {
      expect(span.kind).toBe(CLIENT);
      expect(span.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.system': 'postgresql',
        'db.query.text': expect.any(String),
      });
    }
    expect(statements.map((span) => span.name)).toContain('INSERT purchases');
    // Never the values sent with a statement: the buyer's address and phone are parameters.
    const texts = receiver.spans.map((span) => String(span.attributes['db.query.text'] ?? ''));
    for (const value of [CONTACT.address, CONTACT.number, buyer.email]) {
      expect(texts.filter((text) => text.includes(value))).toEqual([]);
    }
    expect(receiver.refused).toEqual([]);
  });

  it('names the purchase on the requests about it later: paying it', async () => {
    const buyer = await shopper(t);
    const product = await addProduct(t, { price: 40, available: 10 });
    const placed = await checkout(t, buyer, [{ productId: product._id, quantity: 1 }]);
    await payPurchase(t, buyer, placed._id);

    const paying = await requestSpan(routeOf(api.purchases.recordPayment), 200);
    expect(paying.attributes['shop.purchase.number']).toBe(placed.number);
    expect(paying.attributes['http.request.method']).toBe('PUT');
    expect(childrenOf(paying).length).toBeGreaterThan(0);
  });

  it('answers a route it does not know as a span without a route', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/no-such-thing` });
    expect(answer.statusCode).toBe(404);
    await expect
      .poll(
        () =>
          receiver.spans.some(
            (span) =>
              span.kind === SERVER &&
              span.attributes['http.response.status_code'] === 404 &&
              span.attributes['http.route'] === undefined &&
              span.name === 'GET',
          ),
        POLL,
      )
      .toBe(true);
  });
});

describe('which modules a server process loads', () => {
  const START_MS = 150_000;
  const probe = pathToFileURL(
    path.resolve(import.meta.dirname, '../../src/test-support/loaded-modules-probe.mjs'),
  ).href;
  /** One data directory for both starts: the second finds its database made. */
  let data: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    data = await tempDir('shop-traces-modules-');
    await buildShared();
  }, 120_000);
  afterAll(async () => {
    await data?.remove();
  });

  /** Starts the server with `env`, asks it for the API and a page, stops it: what it loaded. */
  async function modulesLoaded(env: Record<string, string>): Promise<string[]> {
    const file = path.join(data.dir, `loaded-modules-${Date.now()}.txt`);
    await writeFile(file, '');
    const server = await startServerProcess(
      {
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        DATA_DIR: path.join(data.dir, 'data'),
        AUTH_SECRET: 'traces-test-secret-that-is-long-enough-0123',
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        NODE_OPTIONS: `--import ${probe}`,
        LOADED_MODULES_FILE: file,
        ...env,
      },
      // A first start makes its database: on a busy machine, a minute or more.
      { timeoutMs: START_MS },
    );
    for (const url of [apiPath(api.settings.health), apiPath(api.catalog.list), '/']) {
      const answer = await fetch(`${server.url}${url}`);
      await answer.arrayBuffer();
    }
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  }

  it(
    'loads nothing of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT',
    async () => {
      const loaded = await modulesLoaded({});
      // @opentelemetry/api alone, which prom-client requires (and Better Auth imports) by itself:
      // without an SDK behind it, its tracer makes no spans. No SDK, exporter, nor http/traces.
      expect(loaded.filter((where) => !/[\\/]@opentelemetry[\\/]api[\\/]/.test(where))).toEqual([]);
    },
    START_MS + 30_000,
  );

  it(
    'loads the SDK and http/traces with it (the probe sees them)',
    async () => {
      const receiver = await otlpReceiver();
      try {
        const loaded = await modulesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
        for (const module of [
          /[\\/]@opentelemetry[\\/]sdk-trace[\\/]/,
          /[\\/]@opentelemetry[\\/]exporter-trace-otlp-http[\\/]/,
          /[\\/]src[\\/]http[\\/]traces\.ts/,
        ]) {
          expect(loaded.filter((where) => module.test(where))).not.toEqual([]);
        }
        // Stopping the server sent the spans of the requests above.
        expect(receiver.spans.filter((span) => span.kind === SERVER)).not.toEqual([]);
      } finally {
        await receiver.close();
      }
    },
    START_MS + 30_000,
  );
});
