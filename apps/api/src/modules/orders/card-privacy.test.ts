import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { api, apiPath, type Callable } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { connectDatabase, type Database } from '../../db/client.js';
import { createLogger } from '../../config/logger.js';
import { buildApp, type App } from '../../server.js';
import { card } from '../../test-support/shop.js';

/** Card numbers and security codes are never logged, stored or echoed (DESIGN section 6). */
describe('card data stays out of logs and answers', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  let database: Database;
  let app: App;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }, os.tmpdir());
    database = await connectDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    app = await buildApp({ config, database, logger: createLogger(config, sink) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /**
   * The app here has a logger of the test's own, not a test app's: its requests take method and
   * path from the contract and go to `app.inject` as they are.
   */
  const send = (contract: Callable, request: Omit<InjectOptions, 'method' | 'url'> = {}) =>
    app.inject({ method: contract.method, url: apiPath(contract), ...request });

  it('redacts card fields that a log call is given', () => {
    const config = loadConfig({ LOG_LEVEL: 'info' }, os.tmpdir());
    const logger = createLogger(config, sink);
    logger.info({ req: { body: { card: card('4000000000009995', { cvc: '987' }) } } }, 'oops');
    logger.info({ card: card('4000000000009995', { cvc: '987' }) }, 'oops again');
    const logged = lines.slice(-2).join('');
    expect(logged).toContain('[Redacted]');
    expect(logged).not.toContain('4000000000009995');
    expect(logged).not.toContain('"cvc"');
  });

  it('logs no card number or security code while confirming payments, good or bad', async () => {
    const before = lines.length;
    const attempts = [
      card('4000000000000002', { cvc: '731' }),
      card('4242424242424241', { cvc: '731' }),
      card('4242424242424242', { cvc: '731' }),
      // Not a Stripe test card: declined, and its number is not repeated either.
      card('5454545454545454', { cvc: '731' }),
    ];
    for (const fields of attempts) {
      const { clientSecret } = await app.orders.gateway.createIntent({
        id: randomUUID(),
        price: 12,
      });
      const response = await send(api.payments.sandboxConfirm, {
        payload: { clientSecret, card: fields, billingDetails: { name: 'PAT', email: 'p@x.io' } },
      });
      expect(response.body).not.toContain(fields.number);
      // The payment's own id is random letters and digits, which may contain 731 by chance.
      expect(response.body.replace(/pi_[A-Za-z0-9_]+/g, '')).not.toContain('731');
    }
    const malformed = await send(api.payments.sandboxConfirm, {
      payload: { clientSecret: 'x', card: { number: '4242424242424242', cvc: 731 } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('4242424242424242');

    const logged = lines.slice(before).join('');
    expect(logged).toContain(apiPath(api.payments.sandboxConfirm));
    for (const number of [
      '4000000000000002',
      '4242424242424241',
      '4242424242424242',
      '5454545454545454',
    ]) {
      expect(logged).not.toContain(number);
    }
    // A three-digit code could appear by chance in a timing; its field name cannot.
    expect(logged).not.toContain('"cvc"');
    expect(logged).not.toContain('"card"');
  });

  it('answers 404 to webhooks when STRIPE_WEBHOOK_SECRET is unset', async () => {
    const response = await send(api.payments.stripeWebhook, {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  it('keeps Stripe out of the CSP while the sandbox gateway is on', async () => {
    const response = await send(api.settings.config);
    expect(String(response.headers['content-security-policy'])).not.toContain('stripe.com');
  });
});
