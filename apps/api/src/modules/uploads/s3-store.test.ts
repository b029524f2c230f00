import { existsSync } from 'node:fs';
import path from 'node:path';
import { api } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_SIGN_UPS, signedIn } from '../../test-support/accounts.js';
import { buildTestApp, tempDir } from '../../test-support/build-test-app.js';
import { injectUnchecked } from '../../test-support/inject.js';
import { multipartFile } from '../../test-support/multipart.js';
import { startS3Server, type TestS3 } from '../../test-support/s3-server.js';
import { UPLOAD_CACHE_CONTROL } from './storage.js';

const picture = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/** The shop on a real S3-compatible server (s3rver on 127.0.0.1), with an admin signed in. */
async function shopOn(s3: TestS3, env: Record<string, string> = {}) {
  const data = await tempDir('shop-uploads-s3-');
  const t = await buildTestApp('pglite', {
    env: { ...MANY_SIGN_UPS, DATA_DIR: data.dir, ...s3.env, ...env },
  });
  const admin = await signedIn(t, { admin: true });
  return {
    t,
    data,
    upload: async (bytes: Buffer) => {
      const file = multipartFile('file', 'part.png', 'image/png', bytes);
      return injectUnchecked(
        t,
        api.catalog.upload,
        { body: file.payload },
        { headers: { ...admin.headers, ...file.headers } },
      );
    },
    async close() {
      await t.close();
      await data.remove();
    },
  };
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('uploads kept in an S3-compatible bucket', () => {
  let s3: TestS3;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    shop = await shopOn(s3);
  });
  afterAll(async () => {
    await shop?.close();
    await s3?.close();
  });

  it('writes both sizes to the bucket with their type and a year-long cache, nothing to disk', async () => {
    const response = await shop.upload(await picture());
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}-1200\.webp$/);

    const large = nameOf(url);
    const small = large.replace('-1200.', '-400.');
    expect(await s3.keys()).toEqual(expect.arrayContaining([large, small]));
    for (const key of [large, small]) {
      expect(await s3.head(key)).toMatchObject({
        contentType: 'image/webp',
        cacheControl: UPLOAD_CACHE_CONTROL,
      });
    }
    expect(await sharp(await s3.get(large)).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
    });
    expect(await sharp(await s3.get(small)).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
    });
    expect(existsSync(path.join(shop.data.dir, 'uploads'))).toBe(false);
  });

  it('serves /uploads/<name> from the bucket, cached for a year, and answers 304 to its ETag', async () => {
    const { url } = (await shop.upload(await picture(800, 600))).json<{ url: string }>();
    const served = await shop.t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
    expect(served.rawPayload.equals(await s3.get(nameOf(url)))).toBe(true);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });

    const etag = served.headers.etag;
    expect(etag).toBeTruthy();
    const again = await shop.t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for a picture the bucket does not hold', async () => {
    const missing = await shop.t.app.inject({
      method: 'GET',
      url: `/uploads/${'0'.repeat(24)}-1200.webp`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reads nothing from the bucket but the names the shop gives its pictures', async () => {
    await s3.put('invoices.csv', 'INV-2026-00001,4200\n', 'text/csv');
    await s3.put('notes-1200.webp', await picture(10, 10), 'image/webp');
    for (const url of ['/uploads/invoices.csv', '/uploads/notes-1200.webp', '/uploads/']) {
      const response = await shop.t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('uploads in a bucket read from S3_PUBLIC_URL', () => {
  let s3: TestS3;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    s3 = await startS3Server('public-pictures');
    shop = await shopOn(s3, { S3_PUBLIC_URL: 'https://cdn.example.com/pictures/' });
  });
  afterAll(async () => {
    await shop?.close();
    await s3?.close();
  });

  it('answers with the public address, where the bucket serves the object with its headers', async () => {
    const response = await shop.upload(await picture());
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/cdn\.example\.com\/pictures\/[0-9a-f]{24}-1200\.webp$/);

    // What a CDN in front of the bucket fetches: the object as the bucket serves it.
    const origin = await fetch(`${s3.endpoint}/${s3.bucket}/${nameOf(url)}`);
    expect(origin.status).toBe(200);
    expect(origin.headers.get('content-type')).toBe('image/webp');
    expect(origin.headers.get('cache-control')).toBe(UPLOAD_CACHE_CONTROL);

    // Pictures saved with /uploads/ addresses (before the CDN) still load from the shop.
    const local = await shop.t.app.inject({ method: 'GET', url: `/uploads/${nameOf(url)}` });
    expect(local.statusCode).toBe(200);
    expect(local.rawPayload.equals(Buffer.from(await origin.arrayBuffer()))).toBe(true);
  });
});

describe('uploads to a bucket that refuses the access key', () => {
  let s3: TestS3;
  let shop: Awaited<ReturnType<typeof shopOn>>;
  beforeAll(async () => {
    s3 = await startS3Server('locked-pictures');
    shop = await shopOn(s3, { S3_ACCESS_KEY_ID: 'NOT-THE-BUCKETS-KEY' });
  });
  afterAll(async () => {
    await shop?.close();
    await s3?.close();
  });

  it('fails the upload with a 500 and stores nothing', async () => {
    const response = await shop.upload(await picture());
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ statusCode: 500 });
    expect(await s3.keys()).toEqual([]);
  });
});
