import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

const run = promisify(execFile);

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/shop/data',
      database: { kind: 'pglite', dataDir: '/srv/shop/data/db', timeZone: 'UTC' },
      logLevel: 'info',
      nodeEnv: 'development',
      shopName: 'PartsWorks',
      timeZone: 'UTC',
      seedDemoData: true,
      bodyLimit: 1024 * 1024,
      trustProxy: false,
      rateLimitMax: 600,
      requestTimeoutSeconds: 30,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      tokenTtlMinutes: 60,
      adminEmails: [],
      mail: { from: '"PartsWorks" <no-reply@partsworks.example>' },
      authRateLimitMax: 10,
      google: { issuer: 'https://accounts.google.com' },
      orders: {
        holdHours: 48,
        sweepSeconds: 60,
        unpaidMax: 5,
        unverifiedHoldMinutes: 60,
        approvalDays: 14,
      },
    });
    expect(config.stripe).toEqual({});
    expect(config.authSecret).toBeUndefined();
    expect(config.redis).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    // The web build is found next to the API package, whatever the working directory.
    expect(config.webDistDir).toBe(
      path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../web/dist'),
    );
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/shop',
        DATABASE_URL: 'postgres://shop@db:5432/shop',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        WEB_DIST_DIR: '/opt/web',
        SHOP_NAME: 'Acme Parts',
        SELLER_NAME: 'Acme Parts Manufacturing GmbH',
        SELLER_ADDRESS: 'Werkstrasse 1\\n80331 Muenchen\\nGermany',
        SELLER_TAX_ID: 'DE123456789',
        SELLER_COUNTRY: 'DE',
        TAX_NEXUS_STATES: 'CA,NY',
        VIES_URL: 'http://127.0.0.1:9999',
        SHOP_TIME_ZONE: 'Europe/Berlin',
        SEED_DEMO_DATA: 'no',
        DEMO_PASSWORDS: 'fixed',
        BODY_LIMIT: '2048',
        TRUST_PROXY: '2',
        RATE_LIMIT_MAX: '100',
        API_KEY_RATE_LIMIT_MAX: '300',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_WORKER: 'false',
        REQUEST_TIMEOUT_SECONDS: '10',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
        ORDER_HOLD_HOURS: '24',
        ORDER_SWEEP_SECONDS: '30',
        UNPAID_ORDERS_MAX: '20',
        UNVERIFIED_HOLD_MINUTES: '15',
        APPROVAL_DAYS: '7',
        OVERDUE_HOLD_DAYS: '45',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'http://127.0.0.1:4010/',
        PUBLIC_URL: 'https://shop.example.com/',
        TRUSTED_ORIGINS: 'https://admin.example.com, http://localhost:5173',
        AUTH_SECRET: 'x'.repeat(32),
        TOKEN_TTL_MINUTES: '15',
        ADMIN_EMAILS: 'Boss@Example.com, ops@example.com,',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'Shop <shop@example.com>',
        AUTH_RATE_LIMIT_MAX: '5',
        REDIS_URL: 'redis://cache:6379/2',
        REDIS_KEY_PREFIX: 'acme:',
        S3_BUCKET: 'acme-pictures',
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_PUBLIC_URL: 'https://cdn.example.com/pictures/',
      },
      '/srv/shop',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/shop/var/shop',
      database: {
        kind: 'postgres',
        url: 'postgres://shop@db:5432/shop',
        timeZone: 'Europe/Berlin',
      },
      logLevel: 'debug',
      nodeEnv: 'production',
      webDistDir: '/opt/web',
      shopName: 'Acme Parts',
      timeZone: 'Europe/Berlin',
      seller: {
        name: 'Acme Parts Manufacturing GmbH',
        address: 'Werkstrasse 1\n80331 Muenchen\nGermany',
        taxId: 'DE123456789',
        country: 'DE',
      },
      tax: { nexusStates: ['CA', 'NY'], viesUrl: 'http://127.0.0.1:9999' },
      seedDemoData: false,
      demoPasswords: 'fixed',
      bodyLimit: 2048,
      trustProxy: 2,
      rateLimitMax: 100,
      apiKeyRateLimitMax: 300,
      webhookAllowPrivate: true,
      webhookWorker: false,
      requestTimeoutSeconds: 10,
      stripe: {
        secretKey: 'sk',
        publishableKey: 'pk',
        webhookSecret: 'whsec_test',
        apiBase: 'http://127.0.0.1:12111',
      },
      orders: {
        holdHours: 24,
        sweepSeconds: 30,
        unpaidMax: 20,
        unverifiedHoldMinutes: 15,
        approvalDays: 7,
        overdueHoldDays: 45,
      },
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'http://127.0.0.1:4010' },
      publicUrl: 'https://shop.example.com',
      // Only PUBLIC_URL and the extra origins: 127.0.0.1 is added only without PUBLIC_URL.
      trustedOrigins: [
        'https://shop.example.com',
        'https://admin.example.com',
        'http://localhost:5173',
      ],
      authSecret: 'x'.repeat(32),
      tokenTtlMinutes: 15,
      adminEmails: ['boss@example.com', 'ops@example.com'],
      mail: { smtpUrl: 'smtp://127.0.0.1:2525', from: 'Shop <shop@example.com>' },
      authRateLimitMax: 5,
      redis: { url: 'redis://cache:6379/2', keyPrefix: 'acme:' },
      s3: {
        bucket: 'acme-pictures',
        region: 'eu-central-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-key',
        publicUrl: 'https://cdn.example.com/pictures',
      },
    });
  });

  it('names the shop in the default sender and keeps 127.0.0.1 trusted on the chosen port', () => {
    const config = loadConfig({ SHOP_NAME: 'Acme Parts', PORT: '8080' }, '/x');
    expect(config.mail.from).toBe('"Acme Parts" <no-reply@partsworks.example>');
    expect(config.trustedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });

  it('reads the tax settings: seller country, nexus states, VIES', () => {
    expect(loadConfig({}, '/x')).toMatchObject({
      seller: { country: 'US' },
      tax: { nexusStates: [] },
    });
    const config = loadConfig(
      {
        SELLER_COUNTRY: 'de',
        TAX_NEXUS_STATES: 'ca, NY,ca',
        VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api/',
      },
      '/x',
    );
    expect(config.seller.country).toBe('DE');
    expect(config.tax).toEqual({
      nexusStates: ['CA', 'NY'],
      viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
    });
  });

  it('reads the traces settings: off without an OTLP endpoint, on with one', () => {
    expect(loadConfig({ OTEL_SERVICE_NAME: 'shop-eu' }, '/x').traces).toBeUndefined();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }, '/x').traces,
    ).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      serviceName: 'partsworks-shop',
    });
    expect(
      loadConfig(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com/otlp',
          OTEL_SERVICE_NAME: ' shop-eu ',
        },
        '/x',
      ).traces,
    ).toEqual({ endpoint: 'https://otlp.example.com/otlp', serviceName: 'shop-eu' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, '/x')).toMatchObject({
      port: 3000,
      database: { kind: 'pglite' },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '3000.5'],
    ['BODY_LIMIT', 'lots'],
    ['SEED_DEMO_DATA', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['RATE_LIMIT_MAX', '0'],
    ['PUBLIC_URL', 'shop.example.com'],
    ['PUBLIC_URL', 'ftp://shop.example.com'],
    ['PUBLIC_URL', 'https://shop.example.com/store'],
    ['TRUSTED_ORIGINS', 'https://ok.example.com,not a url'],
    ['AUTH_SECRET', 'too-short'],
    ['TOKEN_TTL_MINUTES', '0'],
    ['TOKEN_TTL_MINUTES', 'an hour'],
    ['ADMIN_EMAILS', 'boss@example.com,boss'],
    ['SELLER_COUNTRY', 'CH'],
    ['SELLER_COUNTRY', 'USA'],
    ['TAX_NEXUS_STATES', 'CA,XX'],
    ['VIES_URL', 'ftp://vies.example'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['GOOGLE_ISSUER', 'accounts.google.com'],
    ['AUTH_RATE_LIMIT_MAX', '0'],
    ['ORDER_HOLD_HOURS', '0'],
    ['ORDER_HOLD_HOURS', 'two days'],
    ['ORDER_SWEEP_SECONDS', '0'],
    ['ORDER_SWEEP_SECONDS', '1.5'],
    ['STRIPE_API_BASE', 'api.stripe.com'],
    ['STRIPE_API_BASE', 'http://127.0.0.1:12111/v1'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', '127.0.0.1:6379'],
    ['REDIS_KEY_PREFIX', 'shop prefix'],
    ['S3_BUCKET', 'Acme_Pictures'],
    ['S3_BUCKET', 'ab'],
    ['S3_REGION', 'EU Central'],
    ['S3_ENDPOINT', '127.0.0.1:9000'],
    ['S3_ENDPOINT', 'https://s3.example.com/bucket'],
    ['S3_PUBLIC_URL', 'cdn.example.com'],
    ['S3_PUBLIC_URL', 'http://cdn.example.com'],
    ['SHOP_TIME_ZONE', 'Mars/Olympus_Mons'],
    ['SHOP_TIME_ZONE', 'Europe/Berlin -c fsync=off'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', '127.0.0.1:4318'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector:4317'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'http://collector:4318/?tenant=shop'],
    ['OTEL_SERVICE_NAME', 'x'.repeat(201)],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const load = () => loadConfig({ [name]: value }, '/x');
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });
});

describe('S3 storage for uploads', () => {
  const complete = {
    S3_BUCKET: 'acme-pictures',
    S3_REGION: 'auto',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'do-not-print-me',
  };

  it('is on with the four required variables, on AWS and served by the shop', () => {
    expect(loadConfig(complete, '/x').s3).toEqual({
      bucket: 'acme-pictures',
      region: 'auto',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'do-not-print-me',
    });
  });

  it.each([
    [
      { S3_BUCKET: 'acme-pictures' },
      'S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing',
    ],
    [{ ...complete, S3_SECRET_ACCESS_KEY: ' ' }, 'S3_SECRET_ACCESS_KEY is missing'],
    [
      { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'do-not-print-me' },
      'S3_BUCKET and S3_REGION are missing',
    ],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, 'S3_PUBLIC_URL is set but S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT is set but S3_BUCKET'],
  ])('refuses a partial configuration %j in one line that names what is missing', (env, says) => {
    let message = '';
    try {
      loadConfig(env, '/x');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(says);
    expect(message).toContain('S3 storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and');
    expect(message).not.toContain('\n');
    expect(message).not.toContain('do-not-print-me');
  });
});

describe('the README', () => {
  it('documents every variable loadConfig reads in its configuration table', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(ENV_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });
});

describe('starting with a bad variable', () => {
  it('prints one line naming PORT and exits with 1', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const result = await run(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'not-a-port' },
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toMatch(/not-a-port/);
  });

  it('prints one line naming what a partial S3 configuration lacks and exits with 1', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const result = await run(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, S3_BUCKET: 'acme-pictures', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: S3 storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and ' +
        'S3_SECRET_ACCESS_KEY together; S3_BUCKET and S3_ACCESS_KEY_ID are set but S3_REGION ' +
        'and S3_SECRET_ACCESS_KEY are missing',
    ]);
  });
});
