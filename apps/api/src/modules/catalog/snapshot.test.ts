import type { Product } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { catalogSnapshot, MAX_AGE_MS } from './snapshot.js';
import { catalogChanged } from '../../db/changes.js';

const part = (available: number): Product => ({
  _id: '0b6f8f5e-3f7a-4a8e-9a53-1f3f0a1d2c3b',
  name: 'DDR5-5600 32 GB RDIMM',
  img: '/images/products/memory.svg',
  description: 'Registered ECC server memory, sold by the tray.',
  price: 118,
  minimum: 25,
  available,
  sku: 'MEM-D5-32R',
  category: 'memory',
  increment: 25,
  maximum: null,
  priceTiers: [{ minQuantity: 100, price: 112 }],
  specs: [{ label: 'Capacity', value: '32 GB' }],
  lowStockThreshold: 100,
  weightKg: 0.045,
});

// Each test has its own "database": the snapshot is keyed by the handle.
const newDb = () => ({}) as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe('catalogue snapshot', () => {
  it('reads the database once for many requests, and serializes exactly the products', async () => {
    const db = newDb();
    const load = vi.fn(async () => [part(500)]);
    const answers = await Promise.all([1, 2, 3].map(() => catalogSnapshot(db, load)));
    await catalogSnapshot(db, load);
    expect(load).toHaveBeenCalledTimes(1);
    const { list, byId } = answers[0]!;
    expect(JSON.parse(list.body)).toEqual([part(500)]);
    expect(list.etag).toMatch(/^W\/".+"$/);
    expect(JSON.parse(byId.get(part(500)._id)!.body)).toEqual(part(500));
  });

  it('reads again after a change, with a new ETag', async () => {
    const db = newDb();
    let stock = 500;
    const load = vi.fn(async () => [part(stock)]);
    const before = await catalogSnapshot(db, load);
    stock = 475;
    catalogChanged(db);
    const after = await catalogSnapshot(db, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(JSON.parse(after.list.body)[0].available).toBe(475);
    expect(after.list.etag).not.toBe(before.list.etag);
  });

  it('does not keep a read that began before a change committed', async () => {
    const db = newDb();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const load = vi
      .fn<() => Promise<Product[]>>()
      .mockImplementationOnce(async () => {
        await slow;
        return [part(500)];
      })
      .mockImplementation(async () => [part(475)]);
    const early = catalogSnapshot(db, load);
    catalogChanged(db);
    // A request after the change does not wait on the old read: it starts its own.
    const late = await catalogSnapshot(db, load);
    expect(JSON.parse(late.list.body)[0].available).toBe(475);
    release();
    expect(JSON.parse((await early).list.body)[0].available).toBe(500);
    // And the old read, finishing last, did not replace the fresh copy.
    expect(JSON.parse((await catalogSnapshot(db, load)).list.body)[0].available).toBe(475);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it(`reads again once the copy is older than ${MAX_AGE_MS} ms (changes made by other instances)`, async () => {
    vi.useFakeTimers();
    const db = newDb();
    const load = vi.fn(async () => [part(500)]);
    await catalogSnapshot(db, load);
    vi.advanceTimersByTime(MAX_AGE_MS - 1);
    await catalogSnapshot(db, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await catalogSnapshot(db, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets the next request try again when a read fails', async () => {
    const db = newDb();
    const load = vi
      .fn<() => Promise<Product[]>>()
      .mockRejectedValueOnce(new Error('connection reset'))
      .mockResolvedValue([part(500)]);
    await expect(catalogSnapshot(db, load)).rejects.toThrow('connection reset');
    await expect(catalogSnapshot(db, load)).resolves.toBeDefined();
  });
});
