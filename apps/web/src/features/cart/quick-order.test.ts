import { describe, expect, it } from 'vitest';
import { makeProduct, testId } from '../../test/factories';
import { quickOrder, readQuickOrderFile, type QuickOrderProduct } from './quick-order';

const processor = makeProduct(1, { name: 'Vector X8 Processor', minimum: 50, available: 1000 });
const cable = makeProduct(2, { name: 'Cable, USB-C, 2 m', minimum: 10, available: 500 });
const memory: QuickOrderProduct = {
  ...makeProduct(3, { name: 'DDR5 Module', minimum: 1, available: 90 }),
  // Issue 15 gives products a sku; a sku that reads like another product's name is still its own.
  sku: 'Vector X8 Processor-SKU',
};
const skuClash: QuickOrderProduct = {
  ...makeProduct(4, { name: 'Fan 120', minimum: 1, available: 90 }),
  sku: 'DDR5 MODULE',
};
const products = [processor, cable, memory];

describe('quick order', () => {
  it('puts good lines in the cart by name (any case) or product id', async () => {
    const result = await quickOrder(`vector x8 processor,60\n${testId(2)},10`, products);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      { productId: processor._id, quantity: 60 },
      { productId: cable._id, quantity: 10 },
    ]);
  });

  it('skips a header line, sku,quantity or name,quantity', async () => {
    for (const header of ['sku,quantity', 'Name,Quantity', 'name,qty']) {
      const result = await quickOrder(`${header}\nDDR5 Module,5`, products);
      expect(result.problems).toEqual([]);
      expect(result.lines).toEqual([{ productId: memory._id, quantity: 5 }]);
    }
  });

  it('reads a quoted name with commas, CRLF line ends and a byte-order mark', async () => {
    const result = await quickOrder('\uFEFFname,quantity\r\n"Cable, USB-C, 2 m",25\r\n', products);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 25 }]);
  });

  it('matches a sku first, then the id, then the name', async () => {
    const result = await quickOrder('Vector X8 Processor-SKU,3\nddr5 module,4', [
      ...products,
      skuClash,
    ]);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      { productId: memory._id, quantity: 3 },
      // "DDR5 MODULE" is the fan's sku: the sku wins over the memory's name.
      { productId: skuClash._id, quantity: 4 },
    ]);
  });

  it('names every bad line with its number and why, and keeps the good ones', async () => {
    const text = [
      'name,quantity',
      'Vector X8 Processor,10',
      'Foo,3',
      'DDR5 Module',
      'DDR5 Module,2.5',
      'DDR5 Module,many',
      '',
      'Cable, USB-C, 2 m,20',
      'Cable,0',
      'DDR5 Module,91',
      '"Cable, USB-C, 2 m",20',
    ].join('\n');
    const result = await quickOrder(text, products);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 2: below the minimum of 50 pieces',
      "Line 3: no product named 'Foo'",
      'Line 4: write it as name,quantity (a name with a comma in double quotes)',
      'Line 5: quantity must be a whole number',
      'Line 6: quantity must be a whole number',
      'Line 8: write it as name,quantity (a name with a comma in double quotes)',
      "Line 9: no product named 'Cable'",
      'Line 10: only 90 in stock of DDR5 Module',
    ]);
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 20 }]);
  });

  it('adds a product named twice together, and reads "1,000" as a thousand', async () => {
    const result = await quickOrder(
      'Vector X8 Processor,"1,000"\nVector X8 Processor,-5\nVECTOR X8 PROCESSOR,50',
      [{ ...processor, available: 5000 }],
    );
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 2: quantity must be a whole number',
    ]);
    expect(result.lines).toEqual([{ productId: processor._id, quantity: 1050 }]);
  });

  it('names the lines past the cart limit of 500 products', async () => {
    const many = Array.from({ length: 3 }, (_, i) =>
      makeProduct(10 + i, { name: `Part ${i}`, minimum: 1, available: 10 }),
    );
    const inCart = new Set(Array.from({ length: 499 }, (_, i) => testId(1000 + i)));
    const result = await quickOrder('Part 0,1\nPart 1,1\nPart 2,1', many, inCart);
    expect(result.lines).toEqual([{ productId: many[0]!._id, quantity: 1 }]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 2: the cart is full (at most 500 products)',
      'Line 3: the cart is full (at most 500 products)',
    ]);
  });

  it('reads an uploaded file as it reads pasted text', async () => {
    const file = new File(['sku,quantity\n"Cable, USB-C, 2 m",30\nNope,1\n'], 'order.csv', {
      type: 'text/csv',
    });
    const result = await quickOrder(await readQuickOrderFile(file), products);
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 30 }]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      "Line 3: no product named 'Nope'",
    ]);
  });
});
