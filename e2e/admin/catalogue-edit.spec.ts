import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { demoAdmin, signInViaApi } from '../support/users';

/** CRC-32 of PNG chunks (ISO 3309), bit by bit: a few bytes per picture. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 16 x 16 PNG of one colour: a colour of its own per run, because the server names an
 * upload by its content.
 */
function solidPng(rgb: Buffer): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: size }, () => rgb)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an admin uploads a picture for a product and renames it; the shop shows both', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const token = await signInViaApi(page, demoAdmin);
  const admin = shopApi(page.request);
  const created = await admin.call(
    api.catalog.create,
    {
      body: {
        name: `Patch Panel ${tag}`,
        img: '/images/products/case.svg',
        description: 'A 24-port Cat6 patch panel for 19-inch racks.',
        price: 45,
        minimum: 10,
        available: 800,
      },
    },
    { token },
  );
  const { insertedId } = expectStatus(created, 201);
  const newName = `Patch Panel Pro ${tag}`;

  try {
    await page.goto('/dashboard/manageproducts');
    // The page's own search, not the navbar's catalogue search.
    await page
      .getByRole('main')
      .getByRole('searchbox', { name: 'Search products' })
      .fill(`Patch Panel ${tag}`);
    const row = page.getByRole('row').filter({ hasText: `Patch Panel ${tag}` });
    await row.getByRole('link', { name: 'Edit' }).click();

    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(`Patch Panel ${tag}`);
    await page.getByLabel('Upload image').setInputFiles({
      name: 'panel.png',
      mimeType: 'image/png',
      buffer: solidPng(randomBytes(3)),
    });
    const imageUrl = page.getByLabel('Image URL');
    await expect(imageUrl).toHaveValue(/^\/uploads\/.+/);
    const url = await imageUrl.inputValue();
    await expect(page.getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute(
      'src',
      url,
    );
    await name.fill(newName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Product Updated Successfully!' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);

    const product = expectStatus(
      await admin.call(api.catalog.get, { params: { id: insertedId } }),
      200,
    );
    expect(product).toMatchObject({ name: newName, img: url });

    await page.goto(`/purchase/${insertedId}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: newName })).toBeVisible();
    await expect(main.locator(`img[src$="${url}"]`).first()).toBeVisible();
    // The picture itself is served where the URL says.
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/webp');
  } finally {
    await admin.call(api.catalog.remove, { params: { id: insertedId } }, { token });
  }
});
