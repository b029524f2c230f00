import { describe, expect, it } from 'vitest';
import { categoryLabel, packUnit } from './catalog-words.js';
import {
  productInputSchema,
  productMessages,
  productProblems,
  productSearchQuerySchema,
  productUpdateSchema,
} from './catalog.js';
import { messages } from './messages.js';

const spec = {
  name: 'SSD',
  img: '/images/products/ssd.svg',
  description: 'A drive.',
  price: 10,
  minimum: 50,
  available: 1000,
};
const terms = { price: 10, minimum: 50, increment: 1, maximum: null, priceTiers: [] };

describe('productUpdateSchema', () => {
  it('takes any field, name and image included, partially', () => {
    expect(productUpdateSchema.parse({ available: 500 })).toEqual({ available: 500 });
    expect(productUpdateSchema.parse({ name: ' New name ', img: '/uploads/a.webp' })).toEqual({
      name: 'New name',
      img: '/uploads/a.webp',
    });
    expect(productUpdateSchema.parse({ sku: 'ssd-2tb', category: 'Storage' })).toEqual({
      sku: 'SSD-2TB',
      category: 'storage',
    });
  });
  it('refuses an empty change, unknown fields, fractions and a minimum below 1', () => {
    for (const body of [
      {},
      { colour: 'X' },
      { price: 1.505 },
      { price: -1 },
      { minimum: 0 },
      { available: -1 },
    ])
      expect(productUpdateSchema.safeParse(body).success).toBe(false);
  });
});

describe('productInputSchema', () => {
  it("takes SPEC's six fields and fills the rest with defaults", () => {
    expect(productInputSchema.parse(spec)).toEqual({
      ...spec,
      category: 'other',
      increment: 1,
      maximum: null,
      priceTiers: [],
      specs: [],
      lowStockThreshold: 0,
      weightKg: 0,
    });
  });
  it("takes prices and volume prices with cents (SPEC's whole dollars stay valid)", () => {
    const product = productInputSchema.parse({
      ...spec,
      price: 89.5,
      priceTiers: [{ minQuantity: 100, price: 79.99 }],
    });
    expect(product).toMatchObject({
      price: 89.5,
      priceTiers: [{ minQuantity: 100, price: 79.99 }],
    });
    expect(productUpdateSchema.parse({ price: 12 })).toEqual({ price: 12 });
  });
  it('says in plain English why a price with a third decimal or a long name is refused', () => {
    const cents = productInputSchema.safeParse({ ...spec, price: 12.755 });
    expect(cents.error?.issues[0]?.message).toBe(productMessages.dollars('price'));
    expect(productMessages.dollars('price')).toBe(
      'Please give the price in dollars, with at most two decimals (for example 89 or 89.50).',
    );
    const long = productInputSchema.safeParse({ ...spec, name: 'x'.repeat(121) });
    expect(long.error?.issues[0]?.message).toBe(productMessages.tooLong('name', 120));
  });
  it('keeps a name and its specifications on one line; a description may have many', () => {
    const messageOf = (body: object) =>
      productInputSchema.safeParse({ ...spec, ...body }).error?.issues[0]?.message;
    for (const name of ['Two\nlines', 'Tab\tbed', 'CR\rhere', 'Line\u2028separator'])
      expect(messageOf({ name })).toBe(messages.oneLine);
    expect(messageOf({ specs: [{ label: 'Range', value: '-40\n+85' }] })).toBe(messages.oneLine);
    // Pasted with a line break at the end: trimmed, not refused.
    expect(productInputSchema.parse({ ...spec, name: 'Cable\n' }).name).toBe('Cable');
    const description = 'First line.\n\n\tSecond paragraph.';
    expect(productInputSchema.parse({ ...spec, description }).description).toBe(description);
  });
  it('refuses part numbers outside A-Z 0-9 - and 3..32 characters', () => {
    for (const sku of ['AB', 'A'.repeat(33), 'CPU 32', 'CPU_32', 'ÇPU-1'])
      expect(productInputSchema.safeParse({ ...spec, sku }).success).toBe(false);
    expect(productInputSchema.parse({ ...spec, sku: ' cpu-32c ' }).sku).toBe('CPU-32C');
  });
  it('checks the rules between fields', () => {
    const result = productInputSchema.safeParse({ ...spec, increment: 20 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['minimum'],
      message: productMessages.minimumPacks(20),
    });
  });
});

describe('productProblems', () => {
  it('accepts tiers that start above the minimum, need more pieces and cost less each', () => {
    const priceTiers = [
      { minQuantity: 100, price: 9 },
      { minQuantity: 500, price: 8 },
    ];
    expect(productProblems({ ...terms, priceTiers })).toEqual([]);
  });
  it('refuses a first tier at or below the minimum', () => {
    for (const minQuantity of [50, 10])
      expect(productProblems({ ...terms, priceTiers: [{ minQuantity, price: 9 }] })).toEqual([
        { field: 'priceTiers', message: productMessages.tierAboveMinimum(50) },
      ]);
  });
  it('refuses tiers whose price does not fall, or whose quantities do not rise', () => {
    expect(productProblems({ ...terms, priceTiers: [{ minQuantity: 100, price: 10 }] })).toEqual([
      { field: 'priceTiers', message: productMessages.tiersFalling },
    ]);
    const flat = [
      { minQuantity: 100, price: 9 },
      { minQuantity: 200, price: 9 },
    ];
    expect(productProblems({ ...terms, priceTiers: flat })).toEqual([
      { field: 'priceTiers', message: productMessages.tiersFalling },
    ]);
    const unsorted = [
      { minQuantity: 200, price: 9 },
      { minQuantity: 100, price: 8 },
    ];
    expect(productProblems({ ...terms, priceTiers: unsorted })).toEqual([
      { field: 'priceTiers', message: productMessages.tiersAscending },
    ]);
  });
  it('keeps the minimum and maximum whole packs, and the maximum at least the minimum', () => {
    expect(productProblems({ ...terms, increment: 10, minimum: 20, maximum: 500 })).toEqual([]);
    expect(productProblems({ ...terms, increment: 10, minimum: 25 })).toEqual([
      { field: 'minimum', message: productMessages.minimumPacks(10) },
    ]);
    expect(productProblems({ ...terms, maximum: 40 })).toEqual([
      { field: 'maximum', message: productMessages.maximumBelowMinimum(50) },
    ]);
    expect(productProblems({ ...terms, increment: 10, minimum: 50, maximum: 55 })).toEqual([
      { field: 'maximum', message: productMessages.maximumPacks(10) },
    ]);
  });
});

describe('productSearchQuerySchema', () => {
  it('defaults to the first page by relevance and refuses what it cannot follow', () => {
    expect(productSearchQuerySchema.parse({})).toEqual({
      q: '',
      sort: 'relevance',
      page: 1,
      limit: 24,
    });
    for (const query of [{ sort: 'cheapest' }, { limit: '101' }, { q: 'x'.repeat(101) }])
      expect(productSearchQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('categoryLabel', () => {
  it('reads a slug as its words, first letter capital', () => {
    expect(categoryLabel('graphics-cards')).toBe('Graphics cards');
    expect(categoryLabel('other')).toBe('Other');
    expect(categoryLabel('storage')).toBe('Storage');
    expect(categoryLabel('rack-mounts')).toBe('Rack mounts');
  });
});

describe('packUnit', () => {
  it('is a box of the pack size, or nothing for single pieces', () => {
    expect(packUnit(25)).toBe('box of 25');
    expect(packUnit(1000)).toBe('box of 1,000');
    expect(packUnit(1)).toBeNull();
  });
});
