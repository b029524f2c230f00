import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { api, productUpdatedSchema } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, tempDir, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { multipartFile } from '../../test-support/multipart.js';
import { uploadMessages } from './images.js';

const picture = (format: 'png' | 'jpeg' | 'webp', width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('POST /api/uploads', () => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('shop-uploads-');
    t = await buildTestApp('pglite', { env: { ...MANY_SIGN_UPS, DATA_DIR: data.dir } });
    admin = await signedIn(t, { admin: true });
    customer = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });

  const upload = (file: ReturnType<typeof multipartFile>, who: SignedIn | null = admin) =>
    injectUnchecked(
      t,
      api.catalog.upload,
      { body: file.payload },
      { headers: { ...(who?.headers ?? {}), ...file.headers } },
    );
  const stored = async () => readdir(path.join(data.dir, 'uploads'));

  it('takes a PNG, JPEG or WebP, resized to the sizes the pages show, served for a year', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await picture(format);
      const response = await upload(
        multipartFile('file', `part.${format}`, `image/${format}`, bytes),
      );
      expect(response.statusCode, response.body).toBe(201);
      const { url } = response.json<{ url: string }>();
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}-1200\.webp$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
        height: 675,
      });
      const small = await t.app.inject({ method: 'GET', url: url.replace('-1200.', '-400.') });
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 400 });
    }
  });

  it('never enlarges a small picture', async () => {
    const response = await upload(
      multipartFile('file', 'icon.png', 'image/png', await picture('png', 300, 200)),
    );
    const served = await t.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('gives the URL a product can take as its image', async () => {
    const response = await upload(
      multipartFile('file', 'cpu.png', 'image/png', await picture('png')),
    );
    const { url } = response.json<{ url: string }>();
    const [product] = (await inject(t, api.catalog.list)).json();
    const edit = await inject(
      t,
      api.catalog.update,
      { params: { id: product!._id }, body: { img: url } },
      admin,
    );
    expect(productUpdatedSchema.parse(edit.json()).product.img).toBe(url);
  });

  it.each([
    ['a script named .png', Buffer.from('#!/bin/sh\nrm -rf /\n'), 415, uploadMessages.notAnImage],
    [
      'an SVG (markup, not a picture the shop re-encodes)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      uploadMessages.notAnImage,
    ],
    [
      'a PNG signature over garbage',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]),
      415,
      uploadMessages.notAnImage,
    ],
  ])('refuses %s with %i and stores nothing', async (_label, bytes, status, message) => {
    const before = await stored();
    const response = await upload(multipartFile('file', 'evil.png', 'image/png', bytes));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, message });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([await picture('png'), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(multipartFile('file', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: uploadMessages.tooLarge });
  });

  it('refuses a request that carries no file', async () => {
    const response = await injectUnchecked(t, api.catalog.upload, { body: { url: 'x' } }, admin);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: uploadMessages.noFile });
  });

  it.each([
    ['anonymous', null, 401, guardMessages.missing],
    ['a customer', 'customer', 403, guardMessages.notAdmin],
  ] as const)('refuses %s with %i', async (_label, who, status, message) => {
    const before = await stored();
    const file = multipartFile('file', 'x.png', 'image/png', await picture('png', 10, 10));
    const response = await upload(file, who === 'customer' ? customer : null);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect(await stored()).toEqual(before);
  });
});
