import { describe, expect, it } from 'vitest';
import { makeProduct, testId } from '../../test/factories';
import {
  exactMatch,
  QUICK_ORDER_LOOKUPS_AT_ONCE,
  quickOrder,
  readQuickOrderFile,
  type QuickOrderLookup,
  type QuickOrderProduct,
} from './quick-order';

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

/** A catalogue of these products alone, looked up as the search's answers are. */
const inList =
  (list: readonly QuickOrderProduct[]): QuickOrderLookup =>
  (identifier) =>
    Promise.resolve(exactMatch(identifier, list));

describe('quick order', () => {
  it('puts good lines in the cart by name (any case) or product id', async () => {
    const result = await quickOrder(`vector x8 processor,60\n${testId(2)},10`, inList(products));
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      { productId: processor._id, quantity: 60 },
      { productId: cable._id, quantity: 10 },
    ]);
  });

  it('skips a header line, sku,quantity or name,quantity', async () => {
    for (const header of ['sku,quantity', 'Name,Quantity', 'name,qty']) {
      const result = await quickOrder(`${header}\nDDR5 Module,5`, inList(products));
      expect(result.problems).toEqual([]);
      expect(result.lines).toEqual([{ productId: memory._id, quantity: 5 }]);
    }
  });

  it('reads a quoted name with commas, CRLF line ends and a byte-order mark', async () => {
    const result = await quickOrder(
      '\uFEFFname,quantity\r\n"Cable, USB-C, 2 m",25\r\n',
      inList(products),
    );
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 25 }]);
  });

  it('matches a sku first, then the id, then the name', async () => {
    const result = await quickOrder(
      'Vector X8 Processor-SKU,3\nddr5 module,4',
      inList([...products, skuClash]),
    );
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
    const result = await quickOrder(text, inList(products));
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 2: Vector X8 Processor: Minimum 50 Pieces Needed. Try 50.',
      "Line 3: no product named 'Foo'",
      'Line 4: write it as name,quantity (a name with a comma in double quotes)',
      'Line 5: quantity must be a whole number',
      'Line 6: quantity must be a whole number',
      'Line 8: write it as name,quantity (a name with a comma in double quotes)',
      "Line 9: no product named 'Cable'",
      'Line 10: DDR5 Module: Unavailable Quantity. Try 90.',
    ]);
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 20 }]);
  });

  it('adds a product named twice together, and reads "1,000" as a thousand', async () => {
    const result = await quickOrder(
      'Vector X8 Processor,"1,000"\nVector X8 Processor,-5\nVECTOR X8 PROCESSOR,50',
      inList([{ ...processor, available: 5000 }]),
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
    const inCart = new Map(Array.from({ length: 499 }, (_, i) => [testId(1000 + i), 1]));
    const result = await quickOrder('Part 0,1\nPart 1,1\nPart 2,1', inList(many), inCart);
    expect(result.lines).toEqual([{ productId: many[0]!._id, quantity: 1 }]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 2: the cart is full (at most 500 products)',
      'Line 3: the cart is full (at most 500 products)',
    ]);
  });

  it('refuses a broken pack size, a maximum or a minimum before adding, with the nearest quantity', async () => {
    const boxes = makeProduct(20, {
      name: 'Screw Kit',
      minimum: 50,
      increment: 25,
      maximum: 500,
      available: 1000,
    });
    const result = await quickOrder(
      ['Screw Kit,60', 'Screw Kit,600', 'Screw Kit,10', 'Screw Kit,75', 'Screw Kit,30'].join('\n'),
      inList([boxes]),
    );
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 1: Screw Kit: Order in multiples of 25. Try 50.',
      'Line 2: Screw Kit: At most 500 pieces per order. Try 500.',
      'Line 3: Screw Kit: Minimum 50 Pieces Needed. Try 50.',
      // After line 4's 75, 30 more would make 105: 100 in all is the nearest, so 25 more.
      'Line 5: Screw Kit: Order in multiples of 25. Try 25 (100 in all).',
    ]);
    expect(result.lines).toEqual([{ productId: boxes._id, quantity: 75 }]);
  });

  it('checks a line together with what the cart already holds of the product', async () => {
    const boxes = makeProduct(21, { name: 'Fan Pack', minimum: 10, increment: 10, available: 100 });
    const refused = await quickOrder('Fan Pack,20', inList([boxes]), new Map([[boxes._id, 90]]));
    expect(refused.problems.map((problem) => problem.message)).toEqual([
      'Line 1: Fan Pack: Unavailable Quantity. Try 10 (100 in all).',
    ]);
    expect(refused.lines).toEqual([]);
    const added = await quickOrder('Fan Pack,20', inList([boxes]), new Map([[boxes._id, 30]]));
    expect(added.problems).toEqual([]);
    expect(added.lines).toEqual([{ productId: boxes._id, quantity: 20 }]);
  });

  it('reads semicolon and tab lines as well as comma ones, a quoted semicolon staying in the name', async () => {
    const fan = makeProduct(22, { name: 'Fan; 120 mm', minimum: 1, available: 100 });
    const result = await quickOrder(
      'Vector X8 Processor;60\r\nDDR5 Module\t5\n"Fan; 120 mm",7\nCable, USB-C, 2 m;"1.000"',
      inList([...products, fan]),
    );
    expect(result.lines).toEqual([
      { productId: processor._id, quantity: 60 },
      { productId: memory._id, quantity: 5 },
      { productId: fan._id, quantity: 7 },
    ]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 4: quantity must be a whole number',
    ]);
  });

  it('reads an uploaded file as it reads pasted text', async () => {
    const file = new File(['sku,quantity\n"Cable, USB-C, 2 m",30\nNope,1\n'], 'order.csv', {
      type: 'text/csv',
    });
    const result = await quickOrder(await readQuickOrderFile(file), inList(products));
    expect(result.lines).toEqual([{ productId: cable._id, quantity: 30 }]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      "Line 3: no product named 'Nope'",
    ]);
  });
  it('looks each distinct identifier up once (any case), at most 6 at a time', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      makeProduct(100 + i, { name: `Part ${i}`, minimum: 1, available: 100 }),
    );
    const text = [...many.map((p) => `${p.name},1`), 'part 0,2', 'PART 1,3', 'Nope,1'].join('\n');
    const distinct = many.length + 1;
    const asked: string[] = [];
    let answered = 0;
    let mostInFlight = 0;
    const waiting: (() => void)[] = [];
    const lookup: QuickOrderLookup = async (identifier) => {
      asked.push(identifier);
      mostInFlight = Math.max(mostInFlight, asked.length - answered);
      const answer = new Promise<void>((resolve) => waiting.push(resolve));
      // The answers come once every lookup allowed at once (or every one left) has been asked.
      if (waiting.length === Math.min(QUICK_ORDER_LOOKUPS_AT_ONCE, distinct - answered)) {
        waiting.splice(0).forEach((resolve) => resolve());
      }
      await answer;
      answered += 1;
      return exactMatch(identifier, many);
    };
    const result = await quickOrder(text, lookup);
    expect(asked).toHaveLength(distinct);
    expect(new Set(asked.map((identifier) => identifier.toLowerCase())).size).toBe(distinct);
    expect(mostInFlight).toBe(QUICK_ORDER_LOOKUPS_AT_ONCE);
    expect(result.lines).toHaveLength(20);
    expect(result.lines.slice(0, 2)).toEqual([
      { productId: many[0]!._id, quantity: 3 },
      { productId: many[1]!._id, quantity: 4 },
    ]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      "Line 23: no product named 'Nope'",
    ]);
  });

  it('stops looking up after a lookup fails, and fails the whole order', async () => {
    const asked: string[] = [];
    const lookup: QuickOrderLookup = async (identifier, signal) => {
      asked.push(identifier);
      if (identifier === 'Part 5') throw new Error('The shop server cannot be reached.');
      // The others answer only when the quick order gives up on them.
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    };
    const text = Array.from({ length: 40 }, (_, i) => `Part ${i},1`).join('\n');
    await expect(quickOrder(text, lookup)).rejects.toThrow('The shop server cannot be reached.');
    expect(asked).toHaveLength(QUICK_ORDER_LOOKUPS_AT_ONCE);
  });
});
