import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { api, apiPath, DOCUMENT_BOOT_SCRIPT } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../test-support/build-test-app.js';
import { inject } from '../test-support/inject.js';
import { signedIn } from '../test-support/accounts.js';
import { addMember } from '../test-support/companies.js';
import { contractPrices } from '../db/schema.js';
import { newOrder } from '../test-support/orders.js';
import { addProduct, placeOrder, shopper } from '../test-support/shop.js';

/**
 * The server's documents (docs/decisions/015) with a stand-in for the web app's server render:
 * a module with the same export as apps/web/dist-server/entry-server.js that writes the data it
 * is given into the template, so these tests see what the server hands the render and what it
 * does with the page (encodings, ETag, renewal), whatever the web app draws.
 */
const TEMPLATE =
  '<!doctype html><html><head><title><!--page-title--></title>' +
  '<link rel="stylesheet" href="/assets/document-1.css"></head>' +
  '<body><div id="root"><!--page--></div><!--page-data-->' +
  // As long as a real page (tens of KB): answers under 1 KB are sent uncompressed.
  `<p>${'Computer parts in bulk for business. '.repeat(40)}</p></body></html>`;
const CSS = '.hero{color:#0b3c6e}';
const RENDERER = `export function createDocumentRenderer(template, css) {
  return (page, { config, products, productPage, reviews, product, visitor }, url) =>
    template
      .replace('</head>', '<style>' + css + '</style></head>')
      .replace('<!--page-title-->', product ? product.name + ' | ' + config.shopName : config.shopName)
      .replace('<!--page-->', page + ' ' + products.map((p) => p.name + ': ' + p.available).join('; ') +
        ' | ' + reviews.length + ' reviews | search ' + productPage.total + ' of ' + productPage.items.length +
        (product ? ' | product ' + product.name + ': ' + product.available + ' at ' + url : '') +
        (product && product.contractPrice != null ? ' | your price ' + product.contractPrice : '') +
        (visitor ? ' | for ' + visitor.email + (visitor.isAdmin ? ' (admin)' : '') : ''));
}`;

/**
 * A stand-in for apps/web/dist-server/app/entry-app-server.js: draws My Orders (writing what it
 * is given into the shell), leaves every other page to the app (null), and fails on one address.
 */
const APP_RENDERER = `export function createAppRenderer(template, manifest) {
  return async (url, { config, visitor }) => {
    if (url === '/dashboard/broken') throw new Error('the render failed');
    if (!url.startsWith('/dashboard/myorders')) return null;
    return template.replace('<div id="root"></div>', '<div id="root">My Orders of ' + visitor.email +
      (visitor.isAdmin ? ' (admin)' : '') + ' at ' + url + ' | ' + config.shopName +
      ' | chunks ' + Object.keys(manifest).join(',') + '</div>');
  };
}`;
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

async function makeWebBuild(dir: string): Promise<string> {
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'dist-server', 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/app/routes/my-orders.tsx': { file: 'assets/my-orders-1.js' } }),
  );
  await mkdir(path.join(dir, 'dist-server', 'app'), { recursive: true });
  await writeFile(path.join(dir, 'dist-server', 'app', 'entry-app-server.js'), APP_RENDERER);
  await writeFile(path.join(dist, 'document.html'), TEMPLATE);
  await writeFile(path.join(dir, 'dist-server', 'entry-server.js'), RENDERER);
  await writeFile(path.join(dir, 'dist-server', 'assets', 'entry-server-1.css'), CSS);
  // A lazily loaded part's styles: not the entry's, so not inlined.
  await writeFile(path.join(dir, 'dist-server', 'assets', 'toast-1.css'), '.toast{}');
  return dist;
}

const page = { accept: 'text/html' };

describe('pages the server renders', () => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    web = await tempDir('shop-web-build-');
    t = await buildTestApp('pglite', { env: { WEB_DIST_DIR: await makeWebBuild(web.dir) } });
  });
  afterAll(async () => {
    await t?.close();
    await web?.remove();
  });

  it('renders / with the catalogue, the reviews and the shop name, compressed once per encoding', async () => {
    const products = (await inject(t, api.catalog.list)).json<
      { name: string; available: number }[]
    >();
    const reviews = (await inject(t, api.reviews.list)).json<unknown[]>();
    const br = await t.app.inject({ url: '/', headers: { ...page, 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    // The shop's protections hold for its pages too.
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(br.rawPayload).toString();
    for (const product of products) expect(html).toContain(`${product.name}: ${product.available}`);
    expect(html).toContain(`${reviews.length} reviews`);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('.toast');

    const gzip = await t.app.inject({ url: '/', headers: { ...page, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await t.app.inject({ url: '/', headers: { ...page, 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it("allows the document's own inline stylesheet and boot script by their hashes, and no other inline style or script", async () => {
    for (const url of ['/', '/products', '/dashboard/myorders', apiPath(api.catalog.search)]) {
      const response = await t.app.inject({ url, headers: page });
      const csp = String(response.headers['content-security-policy']);
      // The SHA-256 of CSS, the one <style> the render puts in the head (worked out by hand).
      expect(csp, url).toContain(
        "style-src 'self' 'sha256-Cu+prfyRijzgoXH3beE83lrrHh6I4z9ZA1R6tXPqaNw='",
      );
      expect(csp, url).not.toContain('unsafe-inline');
      // The one inline script, the documents' boot script, is allowed by its hash too.
      const boot = createHash('sha256').update(DOCUMENT_BOOT_SCRIPT).digest('base64');
      expect(csp, url).toContain(`script-src 'self' 'sha256-${boot}'`);
    }
    const html = (await t.app.inject({ url: '/', headers: page })).body;
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain(`<style>${CSS}</style>`);
  });

  it('answers a revalidation with 304 while nothing changed', async () => {
    const first = await t.app.inject({ url: '/', headers: page });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ url: '/', headers: { ...page, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('follows the catalogue: a new product and the stock an order takes show on the page', async () => {
    const before = (await t.app.inject({ url: '/', headers: page })).headers.etag;
    const { product } = await newOrder(t, await shopper(t), 3, {
      name: 'Rendered Test PSU',
      available: 50,
    });
    await vi.waitFor(
      async () => {
        const html = (await t.app.inject({ url: '/', headers: page })).body;
        expect(html).toContain(`${product.name}: 47`);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await t.app.inject({ url: '/', headers: page })).headers.etag).not.toBe(before);
  });

  it('renders every page of DOCUMENT_PAGES, a page with a parameter as one document for every value', async () => {
    for (const url of ['/products', '/blog', '/myportfolio', '/about']) {
      const answer = await t.app.inject({ url, headers: page });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain(`${url} `);
    }
    // /products carries the first page of the catalogue's search.
    const products = await t.app.inject({ url: '/products', headers: page });
    const search = (await inject(t, api.catalog.search, {})).json<{ total: number }>();
    expect(products.body).toContain(`search ${search.total} of `);
    const one = await t.app.inject({ url: '/purchase/64b7f0c2a1e4d5f6a7b8c9d0', headers: page });
    const other = await t.app.inject({ url: '/purchase/another-product', headers: page });
    expect(one.statusCode).toBe(200);
    // The renderer is given the route's pattern: the island reads the id in the browser.
    expect(one.body).toContain('/purchase/:id ');
    expect(other.headers.etag).toBe(one.headers.etag);
  });

  it('renders a product page per product, with its name in the title, and follows its stock', async () => {
    const { product } = await newOrder(t, await shopper(t), 5, {
      name: 'Product Page Test Fan',
      available: 80,
    });
    const url = `/products/${product._id}`;
    const first = await t.app.inject({ url, headers: { ...page, 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<title>Product Page Test Fan | ');
    expect(html).toContain(`product Product Page Test Fan: 75 at ${url}`);
    // Rendered once: the same bytes and ETag while nothing changed, 304 on revalidation.
    const again = await t.app.inject({
      url,
      headers: { ...page, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // Another product is another document.
    const other = await addProduct(t, { name: 'Product Page Test Cable', available: 9 });
    const otherPage = await t.app.inject({ url: `/products/${other._id}`, headers: page });
    expect(otherPage.body).toContain('product Product Page Test Cable: 9');
    expect(otherPage.headers.etag).not.toBe(first.headers.etag);

    // An order moves the stock: the page follows within the catalogue's second.
    await placeOrder(t, await shopper(t), product._id, 10);
    await vi.waitFor(
      async () => {
        const body = (await t.app.inject({ url, headers: page })).body;
        expect(body).toContain('product Product Page Test Fan: 65');
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it("draws a company member's contract price on the product page from the session cookie, on a page no cache keeps; everyone else shares the cached page", async () => {
    const product = await addProduct(t, { name: 'Contract Priced Switch', price: 120 });
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const stranger = await signedIn(t);
    const created = await inject(t, api.companies.create, { body: { name: 'Fabrikam' } }, owner);
    expect(created.statusCode, created.body).toBe(201);
    const companyId = created.json()._id;
    await addMember(
      t,
      owner,
      companyId,
      { ...member, email: member.user.email },
      {
        role: 'buyer',
        spendingLimit: null,
      },
    );
    await t.db.insert(contractPrices).values({ companyId, productId: product._id, price: 9_950 });
    const url = `/products/${product._id}`;

    const theirs = await t.app.inject({ url, headers: { ...page, cookie: member.cookie } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain('product Contract Priced Switch');
    expect(theirs.body).toContain('your price 99.5');
    expect(theirs.body).toContain(`for ${member.user.email}`);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    expect(theirs.headers.etag).toBeUndefined();

    for (const headers of [
      page,
      { ...page, cookie: stranger.cookie },
      { ...page, cookie: 'x=1' },
    ]) {
      const shared = await t.app.inject({ url, headers });
      expect(shared.statusCode).toBe(200);
      expect(shared.body).toContain('product Contract Priced Switch');
      expect(shared.body).not.toContain('your price');
      expect(shared.headers['cache-control']).toBe('no-cache');
      expect(shared.headers.etag).toBeDefined();
    }
    // A member of a company without a price for this product shares the page too.
    await t.db.delete(contractPrices);
    const listed = await t.app.inject({ url, headers: { ...page, cookie: member.cookie } });
    expect(listed.body).not.toContain('your price');
    expect(listed.headers['cache-control']).toBe('no-cache');
  });

  it('draws the purchase page for the signed-in visitor of its session cookie, with the product at their price; everyone else gets the one Loading... document', async () => {
    const product = await addProduct(t, { name: 'Purchase Page Test Router', price: 80 });
    const member = await signedIn(t);
    const owner = await signedIn(t);
    const created = await inject(t, api.companies.create, { body: { name: 'Wingtip' } }, owner);
    const companyId = created.json<{ _id: string }>()._id;
    await addMember(
      t,
      owner,
      companyId,
      { ...member, email: member.user.email },
      {
        role: 'buyer',
        spendingLimit: null,
      },
    );
    await t.db.insert(contractPrices).values({ companyId, productId: product._id, price: 7_200 });
    const url = `/purchase/${product._id}`;

    const theirs = await t.app.inject({ url, headers: { ...page, cookie: member.cookie } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain(
      `product Purchase Page Test Router: ${product.available} at ${url}`,
    );
    expect(theirs.body).toContain('your price 72');
    expect(theirs.body).toContain(`for ${member.user.email}`);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    expect(theirs.headers.vary).toMatch(/cookie/i);
    // Someone signed in without a contract price: their page, at the list price.
    const stranger = await signedIn(t);
    const strangers = await t.app.inject({ url, headers: { ...page, cookie: stranger.cookie } });
    expect(strangers.body).toContain(`for ${stranger.user.email}`);
    expect(strangers.body).toContain('product Purchase Page Test Router');
    expect(strangers.body).not.toContain('your price');

    // No cookie, a cookie that is no session, or no such product: the shared Loading... document.
    const shell = await t.app.inject({ url: '/purchase/another-product', headers: page });
    for (const [path, cookie] of [
      [url, undefined],
      [url, 'better-auth.session_token=forged'],
      ['/purchase/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', member.cookie],
    ] as const) {
      const shared = await t.app.inject({
        url: path,
        headers: { ...page, ...(cookie && { cookie }) },
      });
      expect(shared.statusCode, path).toBe(200);
      expect(shared.body, path).not.toContain('| product ');
      expect(shared.body, path).not.toContain('| for ');
      expect(shared.headers['cache-control'], path).toBe('no-cache');
      expect(shared.headers.etag, path).toBe(shell.headers.etag);
    }
  });

  it("answers 404 with the product page's not-found render for an unknown or malformed id", async () => {
    for (const id of ['6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'not-an-id', '%3Cscript%3E']) {
      const answer = await t.app.inject({ url: `/products/${id}`, headers: page });
      expect(answer.statusCode, id).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      // Rendered without a product: the web app draws its PAGE NOT FOUND! there.
      expect(answer.body).toContain('/products/:id ');
      expect(answer.body).not.toContain('| product ');
    }
  });

  /** One customer for the dashboard's tests: each sign-up counts against its rate limit. */
  let dashboardCustomer: ReturnType<typeof signedIn> | undefined;
  const aCustomer = () => (dashboardCustomer ??= signedIn(t));

  it('draws My Orders for the signed-in visitor of its session cookie, on a page no cache keeps; everyone else gets the shell', async () => {
    const customer = await aCustomer();
    const url = '/dashboard/myorders';
    const drawn = await t.app.inject({ url, headers: { ...page, cookie: customer.cookie } });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    expect(drawn.headers.vary).toMatch(/cookie/i);
    expect(drawn.headers.etag).toBeUndefined();
    expect(drawn.body).toBe(
      `<!doctype html><html><body><div id="root">My Orders of ${customer.user.email} at ${url} | ` +
        `PartsWorks | chunks src/app/routes/my-orders.tsx</div></body></html>`,
    );
    // The address as asked, query included: the app's router reads it.
    const searched = await t.app.inject({
      url: `${url}?page=2`,
      headers: { ...page, cookie: customer.cookie },
    });
    expect(searched.body).toContain(`at ${url}?page=2 |`);

    // No cookie, or a cookie that is no session: the shell, which the app draws in the browser.
    for (const cookie of [undefined, 'better-auth.session_token=forged']) {
      const shell = await t.app.inject({ url, headers: { ...page, ...(cookie && { cookie }) } });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body).toBe(SHELL);
    }
  });

  it('gives the visitor the shell that names them where the web app draws no page, or its render failed', async () => {
    const customer = await aCustomer();
    for (const url of ['/dashboard/myprofile', '/dashboard/broken', '/cart']) {
      const answer = await t.app.inject({ url, headers: { ...page, cookie: customer.cookie } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.body, url).toMatch(
        /^<!doctype html><html><body><div id="root"><\/div><script type="application\/json" id="page-data">/,
      );
      expect(answer.body, url).toContain(customer.user.email);
      expect(answer.body, url).not.toContain('My Orders of');
    }
  });

  it("does not serve the build's manifest, which only the server reads", async () => {
    const manifest = await t.app.inject({
      url: '/.vite/manifest.json',
      headers: { accept: '*/*' },
    });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('my-orders');
  });
});
