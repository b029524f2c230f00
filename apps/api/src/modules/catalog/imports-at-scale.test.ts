import { api, type Company } from '@shop/shared';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contractPrices, products } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

/**
 * Imports of 100,000 rows (issue 27, Bounds): one statement of 65,536 rows passed PostgreSQL's
 * 65,535 bind parameters and answered 500. Every statement is batched, the whole import still
 * one transaction; the bodies are larger than the shop's default BODY_LIMIT. One app per
 * database for the whole file: the catalogue the first test imports is the second's.
 */
const ROWS = 100_000;
const skuOf = (n: number) => `BULK-${String(n).padStart(6, '0')}`;

describe.each(testDatabases())('imports of 100,000 rows on %s', { timeout: 300_000 }, (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const countOf = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value;

  it('imports a catalogue of 100,000 new products, then the same CSV again as unchanged', async () => {
    const rows = Array.from(
      { length: ROWS },
      (_, n) => `${skuOf(n)},Bulk part ${n},${10 + (n % 90)},/images/products/ssd.svg,A part.,1,10`,
    );
    const csv = `sku,name,price,img,description,minimum,available\n${rows.join('\n')}\n`;
    const body = (dryRun: boolean) => ({ body: { csv, dryRun } });

    const created = await injectUnchecked(t, api.catalog.importCsv, body(false), admin);
    expect(created.statusCode, created.body.slice(0, 500)).toBe(200);
    const report = created.json<{ created: unknown[]; problems: unknown[] }>();
    expect(report.problems).toEqual([]);
    expect(report.created).toHaveLength(ROWS);
    const bulk = like(products.sku, 'BULK-%');
    expect(await countOf(t.db.select({ value: count() }).from(products).where(bulk))).toBe(ROWS);
    const audited = eq(auditLog.action, 'product.create');
    expect(await countOf(t.db.select({ value: count() }).from(auditLog).where(audited))).toBe(ROWS);

    // Every row names an existing product: the lookup (and its lock) reads 100,000 part numbers.
    const again = await injectUnchecked(t, api.catalog.importCsv, body(false), admin);
    expect(again.statusCode, again.body.slice(0, 500)).toBe(200);
    expect(again.json()).toMatchObject({
      applied: true,
      created: [],
      updated: [],
      unchanged: ROWS,
    });
  });

  it("imports 100,000 contract prices for a company's catalogue, all in one go", async () => {
    const owner = await shopper(t, { name: 'Bulk Owner' }, { verified: true });
    const made = await injectUnchecked(
      t,
      api.companies.create,
      { body: { name: 'Bulk Buyers Ltd', billingAddress: '1 Bulk Street, Leeds' } },
      owner,
    );
    expect(made.statusCode, made.body).toBe(201);
    const company = made.json<Company>();
    const rows = Array.from({ length: ROWS }, (_, n) => `${skuOf(n)},${5 + (n % 5)}`);
    const csv = `sku,price\n${rows.join('\n')}\n`;
    const imported = await injectUnchecked(
      t,
      api.companies.importPrices,
      { params: { id: company._id }, body: { csv, dryRun: false } },
      admin,
    );
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
    expect(imported.json<{ set: unknown[] }>().set).toHaveLength(ROWS);
    const ours = eq(contractPrices.companyId, company._id);
    expect(await countOf(t.db.select({ value: count() }).from(contractPrices).where(ours))).toBe(
      ROWS,
    );
    const priced = and(eq(auditLog.action, 'company.price'), eq(auditLog.targetId, company._id));
    expect(await countOf(t.db.select({ value: count() }).from(auditLog).where(priced))).toBe(ROWS);
  });
});
