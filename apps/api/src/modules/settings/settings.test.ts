import { api, publicConfigSchema } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';

describe.each(testDatabases())('public config on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the shop name, the sandbox gateway and Google off by default', async () => {
    t = await buildTestApp(kind);
    const response = await inject(t, api.settings.config);
    expect(response.statusCode).toBe(200);
    const body = publicConfigSchema.strict().parse(response.json());
    expect(body).toEqual({
      shopName: 'PartsWorks',
      payment: { gateway: 'sandbox', publishableKey: null },
      googleEnabled: false,
    });
  });

  it('answers Stripe with its publishable key, and Google on, when configured, and never a secret', async () => {
    t = await buildTestApp(kind, {
      env: {
        SHOP_NAME: 'Acme Parts',
        STRIPE_SECRET_KEY: 'sk_test_secret',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
        GOOGLE_CLIENT_ID: 'client-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
      },
    });
    const response = await inject(t, api.settings.config);
    expect(response.json()).toEqual({
      shopName: 'Acme Parts',
      payment: { gateway: 'stripe', publishableKey: 'pk_test_public' },
      googleEnabled: true,
    });
    expect(response.body).not.toContain('secret');
  });

  it('keeps Google off when only one of its two variables is set', async () => {
    t = await buildTestApp(kind, { env: { GOOGLE_CLIENT_ID: 'client-id' } });
    const response = await inject(t, api.settings.config);
    expect(response.json().googleEnabled).toBe(false);
  });
});
