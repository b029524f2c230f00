import {
  companyMessages,
  contractPriceInputSchema,
  fromCents,
  fromCentsOrNull,
  parseMoneyText,
  toCents,
  type ContractPrice,
  type ContractPriceImportReport,
  type PageQuery,
} from '@shop/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client.js';
import { companies, contractPrices, products } from '../../db/schema.js';
import { unneutralised } from '../../http/csv.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudits, type AuditActor } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from './membership.js';
import { memberOf, requireCompany } from './service.js';

/**
 * Contract prices (DESIGN section 8, issue 15): a company's agreed unit price per product, set by
 * the shop's admins. A member pays the lower of it and the volume price for the quantity
 * (pricing.ts's unitPriceFor with the contract price). Kept in cents; answered, audited and
 * imported in dollars (docs/decisions/027).
 */

export const priceMessages = {
  noColumns: 'The CSV needs a header row with sku and price columns.',
  unknownSku: (sku: string) => `No product has the part number ${sku}.`,
  repeated: (sku: string) => `The part number ${sku} is on an earlier line too.`,
} as const;

async function companyName(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, id));
  return row?.name ?? id;
}

const priceColumns = {
  productId: products.id,
  sku: products.sku,
  name: products.name,
  listPrice: products.price,
  price: contractPrices.price,
};

/** A contract price as the API answers it: dollars. */
const priceAnswer = (row: ContractPrice): ContractPrice => ({
  ...row,
  listPrice: fromCents(row.listPrice),
  price: fromCents(row.price),
});

/**
 * GET /companies/{id}/prices?page=&limit=: members and admins; by part number, a page at a time
 * (an import may set 100,000 of them).
 */
export async function listPrices(
  db: Db,
  user: SignedInUser,
  id: string,
  paging: PageQuery,
): Promise<{ items: ContractPrice[]; total: number; page: number; limit: number }> {
  if (user.isAdmin) await requireCompany(db, id);
  else await memberOf(db, user, id);
  const where = eq(contractPrices.companyId, id);
  const [items, [total]] = await Promise.all([
    db
      .select(priceColumns)
      .from(contractPrices)
      .innerJoin(products, eq(products.id, contractPrices.productId))
      .where(where)
      .orderBy(asc(products.sku))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ value: count() }).from(contractPrices).where(where),
  ]);
  return { items: items.map(priceAnswer), total: total?.value ?? 0, ...paging };
}

/** The contract prices of the caller's company, by product id; none outside a company. */
export async function memberContractPrices(
  db: Db,
  user: SignedInUser,
): Promise<Map<string, number>> {
  const membership = await membershipOf(db, user);
  return membership ? allContractPrices(db, membership.companyId) : new Map();
}

/** Every contract price of the company, by product id (GET /items for a member). */
export async function allContractPrices(db: Db, companyId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: contractPrices.productId, price: contractPrices.price })
    .from(contractPrices)
    .where(eq(contractPrices.companyId, companyId));
  return new Map(rows.map((row) => [row.productId, row.price]));
}

/** PUT /companies/{id}/prices/{productId}: admins; audited. `dollars` as the body gives it. */
export async function putPrice(
  db: Db,
  actor: AuditActor,
  id: string,
  productId: string,
  dollars: number,
): Promise<ContractPrice> {
  await requireCompany(db, id);
  const price = toCents(dollars);
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, sku: products.sku, name: products.name, price: products.price })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound(companyMessages.productNotFound);
    const [before] = await tx
      .select({ price: contractPrices.price })
      .from(contractPrices)
      .where(and(eq(contractPrices.companyId, id), eq(contractPrices.productId, productId)));
    await tx
      .insert(contractPrices)
      .values({ companyId: id, productId, price })
      .onConflictDoUpdate({
        target: [contractPrices.companyId, contractPrices.productId],
        set: { price, updatedAt: new Date() },
      });
    await recordAudits(tx, [
      {
        actor,
        action: 'company.price',
        targetType: 'company',
        targetId: id,
        targetLabel: await companyName(tx, id),
        // The product's name as it was, so the log names it after a rename or a deletion.
        details: {
          productId,
          sku: product.sku,
          productName: product.name,
          from: fromCentsOrNull(before?.price),
          to: dollars,
        },
      },
    ]);
    return priceAnswer({
      productId,
      sku: product.sku,
      name: product.name,
      listPrice: product.price,
      price,
    });
  });
}

/** DELETE /companies/{id}/prices/{productId}: back to list prices. */
export async function removePrice(db: Db, actor: AuditActor, id: string, productId: string) {
  await requireCompany(db, id);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(contractPrices)
      .where(and(eq(contractPrices.companyId, id), eq(contractPrices.productId, productId)))
      .returning({ price: contractPrices.price });
    if (removed.length > 0) {
      const [product] = await tx
        .select({ sku: products.sku, name: products.name })
        .from(products)
        .where(eq(products.id, productId));
      await recordAudits(tx, [
        {
          actor,
          action: 'company.price',
          targetType: 'company',
          targetId: id,
          targetLabel: await companyName(tx, id),
          details: {
            productId,
            sku: product?.sku,
            productName: product?.name,
            from: fromCents(removed[0]!.price),
            to: null,
          },
        },
      ]);
    }
    return { acknowledged: true as const, deletedCount: removed.length };
  });
}

/**
 * Rows per statement of a price import: a lookup takes one parameter a row, an upsert five;
 * PostgreSQL takes at most 65,535 parameters in one statement (65,536 prices answered 500).
 */
const IMPORT_BATCH = 5000;

/**
 * POST /companies/{id}/prices/import: `sku,price` rows. A dry run reports what would be set; an
 * apply sets all of them or, when any line is refused, none. Prices are dollars with at most two
 * decimals (`89.50`), or a decimal comma (`89,50`) in a CSV separated by semicolons; the report
 * says them in dollars.
 */
export async function importPrices(
  db: Db,
  actor: AuditActor,
  id: string,
  csv: string,
  dryRun: boolean,
): Promise<ContractPriceImportReport> {
  await requireCompany(db, id);
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim().toLowerCase(),
    delimitersToGuess: [',', ';', '\t'],
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('sku') || !fields.includes('price')) {
    throw new HttpError(400, priceMessages.noColumns);
  }
  const problems: ContractPriceImportReport['problems'] = [];
  const wanted = new Map<string, { line: number; price: number }>();
  const decimalComma = parsed.meta.delimiter === ';';
  parsed.data.forEach((row, index) => {
    const line = index + 2;
    const sku = unneutralised(row.sku ?? '')
      .trim()
      .toUpperCase();
    const text = (row.price ?? '').trim();
    const dollars = parseMoneyText(
      decimalComma && /^\d+,\d+$/.test(text) ? text.replace(',', '.') : text,
    );
    const price = contractPriceInputSchema.safeParse({ price: dollars });
    if (!sku) problems.push({ line, message: priceMessages.noColumns });
    else if (wanted.has(sku)) problems.push({ line, message: priceMessages.repeated(sku) });
    else if (!price.success) {
      problems.push({ line, message: companyMessages.price });
    } else wanted.set(sku, { line, price: toCents(price.data.price) });
  });
  const skus = [...wanted.keys()];
  const found: { id: string; sku: string; name: string; price: number | null }[] = [];
  for (let first = 0; first < skus.length; first += IMPORT_BATCH) {
    found.push(
      ...(await db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          price: contractPrices.price,
        })
        .from(products)
        .leftJoin(
          contractPrices,
          and(eq(contractPrices.productId, products.id), eq(contractPrices.companyId, id)),
        )
        .where(inArray(products.sku, skus.slice(first, first + IMPORT_BATCH)))),
    );
  }
  const bySku = new Map(found.map((row) => [row.sku, row]));
  const set: ContractPriceImportReport['set'] = [];
  for (const [sku, { line, price }] of wanted) {
    const product = bySku.get(sku);
    if (!product) problems.push({ line, message: priceMessages.unknownSku(sku) });
    else if (product.price !== price) {
      set.push({ sku, from: fromCentsOrNull(product.price), to: fromCents(price) });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  if (dryRun || problems.length > 0) {
    if (!dryRun)
      throw new HttpError(400, problems.map((p) => `Line ${p.line}: ${p.message}`).join(' '));
    return { dryRun, set, problems };
  }
  if (set.length > 0) {
    // All or none: every batch in one transaction.
    await db.transaction(async (tx) => {
      for (let first = 0; first < set.length; first += IMPORT_BATCH) {
        await tx
          .insert(contractPrices)
          .values(
            set.slice(first, first + IMPORT_BATCH).map((row) => ({
              companyId: id,
              productId: bySku.get(row.sku)!.id,
              price: toCents(row.to),
            })),
          )
          .onConflictDoUpdate({
            target: [contractPrices.companyId, contractPrices.productId],
            set: { price: sql`excluded.price`, updatedAt: new Date() },
          });
      }
      const label = await companyName(tx, id);
      await recordAudits(
        tx,
        set.map((row) => ({
          actor,
          action: 'company.price',
          targetType: 'company',
          targetId: id,
          targetLabel: label,
          details: {
            sku: row.sku,
            productName: bySku.get(row.sku)!.name,
            from: row.from,
            to: row.to,
          },
        })),
      );
    });
  }
  return { dryRun, set, problems };
}
