import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { api, API_PREFIX, apiPath, type ApiErrorBody } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { inject } from '../test-support/inject.js';
import { signedIn } from '../test-support/accounts.js';
import { permissionsPolicy, rateLimitKey } from './security.js';
import { isSourceMapPath } from './web-app.js';

/** The single-page app's empty shell (the build's index.html). */
const APP_HTML =
  '<!doctype html><html><head><title>PartsWorks</title></head><body><div id="root"></div></body></html>';
const ASSET = 'console.log("app");'.repeat(200);
/** The build's Brotli copy of ASSET (scripts/precompress.mjs). */
const ASSET_BR = brotliCompressSync(ASSET);
/** A source map: it carries the whole source of the web app. */
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['src/secret-business-logic.ts'] });

/** A stand-in for `apps/web/dist`: an index.html, a hashed asset and an unhashed picture. */
async function makeWebDist(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'images', 'products'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), APP_HTML);
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js'), ASSET);
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js.br'), ASSET_BR);
  // A build made before maps were kept out of dist, or by other means (decision 010).
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js.map'), SOURCE_MAP);
  await writeFile(
    path.join(dir, 'images', 'products', 'cpu.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** A path under the API that no route serves. */
const UNKNOWN_API_PATH = `${API_PREFIX}/no-such-thing`;
const ITEMS = apiPath(api.catalog.list);

describe.each(testDatabases())('HTTP behaviour on %s', (kind) => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    web = await tempDir('shop-web-dist-');
    await makeWebDist(web.dir);
    t = await buildTestApp(kind, { env: { WEB_DIST_DIR: web.dir } });
  });
  afterAll(async () => {
    await t?.close();
    await web?.remove();
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)(
    'answers %s on an unknown /api path with a JSON 404',
    async (method) => {
      const response = await t.app.inject({
        method,
        url: `${UNKNOWN_API_PATH}?x=1`,
        headers: html,
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `No API route for ${method} ${UNKNOWN_API_PATH}.`,
      });
    },
  );

  it('sends the security headers and the Content-Security-Policy on API and HTML answers', async () => {
    for (const url of [ITEMS, UNKNOWN_API_PATH, '/', '/some/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      // No inline style at all where no document is served (this app has no server render).
      expect(csp, url).toMatch(/style-src 'self'(;|$)/);
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toContain("img-src 'self' data: https:");
      expect(csp, url).toContain("connect-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('sends a Permissions-Policy that turns off what the shop never uses and keeps payment for Stripe', async () => {
    for (const url of [ITEMS, UNKNOWN_API_PATH, '/', '/some/page', '/assets/index-AbC123.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      const policy = String(response.headers['permissions-policy']);
      expect(policy, url).toBe(permissionsPolicy);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
        expect(policy, url).toContain(feature);
      }
      expect(policy, url).toContain('payment=(self "https://js.stripe.com")');
    }
  });

  it.each([
    '/assets/index-AbC123.js.map',
    '/assets/index-AbC123.js.map?x=1',
    '/assets/index-AbC123.js%2Emap',
    '/assets/index-AbC123.js%252Emap',
    '/assets/index-AbC123%2Ejs%2emap',
    '/assets/index-AbC123.js.MAP',
  ])('does not serve the source map %s, even when one is in the build', async (url) => {
    for (const accept of ['*/*', html.accept]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode, `${url} ${accept}`).toBe(404);
      expect(response.body).not.toContain('secret-business-logic');
      expect(response.body).not.toContain('<html');
    }
  });

  it('marks API answers no-store unless the route lets them be cached (the catalogue)', async () => {
    for (const url of [apiPath(api.auth.session), UNKNOWN_API_PATH, apiPath(api.settings.config)]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await inject(t, api.users.list);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const catalogue = await inject(t, api.catalog.list);
    expect(catalogue.headers['cache-control']).toBe('no-cache');
    expect(catalogue.headers.etag).toBeTruthy();
  });

  it('tells source map paths from others', () => {
    expect(isSourceMapPath('/assets/a.js.map')).toBe(true);
    expect(isSourceMapPath('/assets/a.css.map/')).toBe(true);
    expect(isSourceMapPath('/assets/a.js')).toBe(false);
    expect(isSourceMapPath('/sitemap')).toBe(false);
    expect(isSourceMapPath('/dashboard/map?q=.map')).toBe(false);
    expect(isSourceMapPath('/assets/%E0%A4%A.map')).toBe(true);
  });

  it('keeps the Google popup linked to the shop: no opener isolation where the popup lands', async () => {
    for (const url of ['/', '/login', ITEMS]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
    const callback = apiPath(api.auth.oauthCallback, {
      params: { provider: 'google' },
      query: { code: 'x', state: 'y' },
    });
    for (const url of ['/auth/popup-complete', callback]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
  });

  // With the server render's build, / is rendered (documents.test.ts); this build has none.
  it('serves the shell at / with no-cache when the build has no server render', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(APP_HTML);
  });

  it.each(['/login', '/purchase/123', '/dashboard/myorders', '/no/such/page'])(
    'falls back to the empty shell (index.html) for the page %s, so the SPA renders it',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(APP_HTML);
    },
  );

  it('puts the signed-in visitor of the session cookie in the shell, on a page no cache keeps; a cookie of no session gets the plain shell', async () => {
    const person = await signedIn(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/dashboard/myorders',
      headers: { ...html, cookie: person.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      visitor: {
        email: person.user.email,
        displayName: expect.any(String),
        emailVerified: true,
        isAdmin: false,
      },
    });
    expect(response.body.replace(/<script type="application\/json".*?<\/script>\n/, '')).toBe(
      APP_HTML,
    );

    const forged = await t.app.inject({
      method: 'GET',
      url: '/dashboard/myorders',
      headers: { ...html, cookie: 'better-auth.session_token=forged' },
    });
    expect(forged.headers['cache-control']).toBe('no-cache');
    expect(forged.body).toBe(APP_HTML);
  });

  it('sends /index.html to /, the one address of the home page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html', headers: html });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/');
  });

  it('does not fall back to index.html for requests that do not want a page', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: { accept: '*/*' },
    });
    expect(script.statusCode).toBe(404);
    expect(script.body).not.toContain('<html');
    const post = await t.app.inject({ method: 'POST', url: '/login', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('serves hashed assets as immutable for a year, compressed on request', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the Brotli copy made at build time as it is, not compressed again per request', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(ASSET_BR)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('serves unhashed public files with a shorter cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/images/products/cpu.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('does not serve files outside the web build', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/../../etc/passwd',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still serves the API and says clearly that the web app is not built', async () => {
    expect((await inject(t, api.settings.health)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toMatch(/not built/);
    const file = await t.app.inject({
      method: 'GET',
      url: '/favicon.ico',
      headers: { accept: '*/*' },
    });
    expect(file.statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 in the error shape once a client exceeds RATE_LIMIT_MAX API calls a minute', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await inject(t, api.settings.config)).statusCode).toBe(200);
    }
    const response = await inject(t, api.settings.config);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(response.json<ApiErrorBody>().message).toMatch(/rate limit/i);
  });

  it('counts calls to unknown /api paths too', async () => {
    const response = await t.app.inject({ method: 'GET', url: UNKNOWN_API_PATH });
    expect(response.statusCode).toBe(429);
  });

  it('does not count page and asset requests', async () => {
    for (const url of ['/', '/login', '/assets/missing.js']) {
      const page = await t.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode, url).not.toBe(429);
    }
  });
});

describe('rate limit key', () => {
  it('counts a client by its address, an IPv6 client by its /64', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(
      rateLimitKey({ ip: '2001:db8:1:2:bbbb::9' }),
    );
    expect(rateLimitKey({ ip: '2001:db8:1:2::1' })).not.toBe(
      rateLimitKey({ ip: '2001:db8:1:3::1' }),
    );
  });

  it('does not throw for a request whose client already hung up (no address)', () => {
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('connection-closed');
  });
});
