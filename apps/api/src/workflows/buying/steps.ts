import { randomUUID } from 'node:crypto';
import { checkQuantity, type QuantityProblem } from '@shop/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { insertMany } from '../../db/insert-many.js';
import { rowsOf } from '../../db/rows.js';
import {
  authUsers,
  companies,
  companyMembers,
  contractPrices,
  orders,
  purchases,
  users,
  type AwaitingLineRow,
} from '../../db/schema.js';
import type { PurchaseRow } from '../../modules/orders/purchase-store.js';
import {
  invoiceOnAccount,
  settlePurchase,
  type ToInvoice,
} from '../../modules/orders/purchase-store.js';
import { lineCharge } from '../../db/line-charge.js';
import type { OrderRow } from '../../modules/orders/store.js';
import type { ProductRow } from '../../stock/stock.js';
import { takeStock } from '../../stock/stock.js';
import type { CompanyRole } from '@shop/shared';
import { monthSpend } from '../../modules/companies/spending.js';
import { chargeInvoicesOnAccount } from './account.js';

/**
 * The steps every way to buy takes (docs/decisions/024): Buy Now, checkout and reorder through
 * place-purchase.ts, approval through approve-purchase.ts. Each step is written once here, so a
 * rule added to buying holds on every path.
 */

/** A line as the buyer asks for it. */
export interface LineRequest {
  productId: string;
  quantity: number;
}

/** Why one line cannot be bought as it is: a product that is gone, or the quantity rule. */
export interface LineRefusal {
  productId: string;
  problem: QuantityProblem | 'notFound';
  message: string;
}

/** The facts about one buyer that the rules read, under the buyer's lock. */
export interface BuyerFacts {
  verified: boolean;
  /** Purchases holding stock unpaid, and those waiting for approval (they count as holds). */
  holds: number;
  /** Purchases waiting for approval. */
  awaiting: number;
  membership: {
    companyId: string;
    role: CompanyRole;
    spendingLimit: number | null;
  } | null;
  /** The month's spend so far, in cents (the company's month for a member). */
  spent: number;
}

/** The company a member buys for: its name, tax id and billing address go on the purchase. */
export type CompanyRow = typeof companies.$inferSelect;

/**
 * Prices every line from the locked product (the volume tier its quantity reaches, or the
 * contract price when lower) and judges it by the shared quantity rule against `available`,
 * the stock left under the lock by the purchases judged before it in the same transaction.
 */
export function judgeLines(
  lines: LineRequest[],
  productOf: Map<string, ProductRow>,
  available: Map<string, number>,
  contract: Map<string, number>,
  notFoundMessage: string,
): { priced: AwaitingLineRow[]; refusals: LineRefusal[]; total: number } {
  const priced: AwaitingLineRow[] = [];
  const refusals: LineRefusal[] = [];
  let total = 0;
  for (const line of lines) {
    const product = productOf.get(line.productId);
    if (!product) {
      refusals.push({ productId: line.productId, problem: 'notFound', message: notFoundMessage });
      continue;
    }
    const verdict = checkQuantity({
      ...product,
      available: available.get(product.id) ?? product.available,
      quantity: line.quantity,
      contractPrice: contract.get(product.id),
    });
    if (!verdict.ok) {
      refusals.push({ productId: product.id, problem: verdict.problem, message: verdict.message });
      continue;
    }
    total += verdict.total;
    priced.push({
      productId: product.id,
      productName: product.name,
      img: product.img,
      description: product.description,
      quantity: verdict.quantity,
      unitPrice: verdict.unitPrice,
    });
  }
  return { priced, refusals, total };
}

/**
 * The special prices a purchase is judged with: the company's contract prices and, for one
 * accepted from a quote, the offer's prices; the lower of the two for a product (DESIGN section
 * 9: list, tier, contract, quote, the lowest that applies; `judgeLines` adds list and tier).
 */
export function specialPrices(
  contract: Map<string, number>,
  quote: Map<string, number> | null,
): Map<string, number> {
  if (!quote) return contract;
  const lowest = new Map(contract);
  for (const [productId, price] of quote) {
    lowest.set(productId, Math.min(price, lowest.get(productId) ?? price));
  }
  return lowest;
}

/**
 * Locks the buyers' rows (FOR NO KEY UPDATE, in id order, after the products) and answers what
 * each holds now. NO KEY UPDATE still makes another purchase of the same buyer wait, but not the
 * key-share lock each order insert takes on its buyer's row, so paying and cancelling go on.
 */
export async function lockBuyers(
  tx: Tx,
  userIds: string[],
): Promise<Map<string, { holds: number; awaiting: number; verified: boolean }>> {
  const ids = [...new Set(userIds)].sort();
  const facts = new Map(ids.map((id) => [id, { holds: 0, awaiting: 0, verified: false }]));
  if (ids.length === 0) return facts;
  const locked = await tx
    .select({ id: users.id, verified: authUsers.emailVerified })
    .from(users)
    .leftJoin(authUsers, eq(authUsers.email, users.email))
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('no key update', { of: users });
  for (const row of locked) facts.get(row.id)!.verified = row.verified ?? false;
  // Purchases with a line unpaid, by the state the database keeps on each (decision 042): a
  // buyer's purchases, not every line of them (a big buyer's unpaid lines run to thousands).
  const unpaid = await tx
    .select({ userId: purchases.userId, count: sql<number>`count(*)` })
    .from(purchases)
    .where(and(inArray(purchases.userId, ids), eq(purchases.lineState, 'unpaid')))
    .groupBy(purchases.userId)
    .then((rows) => rows.map((row) => ({ ...row, count: Number(row.count) })));
  for (const row of unpaid) if (row.userId) facts.get(row.userId)!.holds += row.count;
  const awaiting = await tx
    .select({ userId: purchases.userId, count: sql<number>`count(*)` })
    .from(purchases)
    .where(
      and(
        inArray(purchases.userId, ids),
        isNotNull(purchases.awaitingLines),
        isNull(purchases.closedAs),
      ),
    )
    .groupBy(purchases.userId)
    .then((rows) => rows.map((row) => ({ ...row, count: Number(row.count) })));
  for (const row of awaiting) {
    if (!row.userId) continue;
    const fact = facts.get(row.userId)!;
    fact.holds += row.count;
    fact.awaiting += row.count;
  }
  return facts;
}

/**
 * The companies' contract prices for these products, by company (every company named has a
 * map, empty when it has none), then by product id.
 */
export async function contractPricesOf(
  tx: Tx,
  companyIds: string[],
  productIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const contractOf = new Map(companyIds.map((id) => [id, new Map<string, number>()]));
  if (companyIds.length === 0 || productIds.length === 0) return contractOf;
  const prices = await tx
    .select({
      companyId: contractPrices.companyId,
      productId: contractPrices.productId,
      price: contractPrices.price,
    })
    .from(contractPrices)
    .where(
      and(
        inArray(contractPrices.companyId, companyIds),
        inArray(contractPrices.productId, productIds),
      ),
    );
  for (const price of prices) contractOf.get(price.companyId)?.set(price.productId, price.price);
  return contractOf;
}

/**
 * The buyers' companies: each one's membership (locked FOR UPDATE in email order, so two
 * purchases of one member judge the month's spend one after the other), its company, its
 * contract prices for these products and its month's spend so far.
 */
export async function companyFacts(
  tx: Tx,
  buyers: { id: string; email: string }[],
  productIds: string[],
) {
  const emails = [...new Set(buyers.map((buyer) => buyer.email))].sort();
  const members =
    emails.length === 0
      ? []
      : await tx
          .select()
          .from(companyMembers)
          .where(inArray(companyMembers.email, emails))
          .orderBy(companyMembers.email)
          .for('update');
  const membershipOf = new Map<string, BuyerFacts['membership']>();
  for (const buyer of buyers) {
    // A member is one who accepted (status active): an invitation, of which a person may hold
    // several, gives the company nothing of theirs (decision 022, issue 27).
    const row = members.find(
      (member) => member.email === buyer.email && member.status === 'active',
    );
    if (!row || row.userId !== buyer.id) continue;
    membershipOf.set(buyer.id, {
      companyId: row.companyId,
      role: row.role as CompanyRole,
      spendingLimit: row.spendingLimit,
    });
  }
  const companyIds = [...new Set([...membershipOf.values()].map((m) => m!.companyId))];
  const companyOf = new Map<string, CompanyRow>();
  const contractOf = new Map<string, Map<string, number>>();
  const spentOf = new Map<string, number>();
  if (companyIds.length > 0) {
    for (const row of await tx.select().from(companies).where(inArray(companies.id, companyIds))) {
      companyOf.set(row.id, row);
    }
    for (const [companyId, prices] of await contractPricesOf(tx, [...companyOf.keys()], productIds))
      contractOf.set(companyId, prices);
    const limited = [...membershipOf].filter(([, m]) => m!.spendingLimit !== null);
    const spent = await monthSpend(
      tx,
      limited.map(([userId, m]) => ({ userId, companyId: m!.companyId })),
    );
    for (const [userId, total] of spent) spentOf.set(userId, total);
  }
  return { membershipOf, companyOf, contractOf, spentOf };
}

/** How long a placed purchase holds its stock unpaid: shorter for an unverified account. */
export interface HoldSettings {
  holdHours: number;
  unverifiedHoldMinutes: number;
}

/** When the hold of a purchase placed at `now` ends. */
export const holdEnd = (settings: HoldSettings, verified: boolean, now: Date) =>
  new Date(
    now.getTime() +
      (verified ? settings.holdHours * 3_600_000 : settings.unverifiedHoldMinutes * 60_000),
  );

/**
 * The database's `now()`: when the transaction began, the moment every row it writes is stamped
 * with. Read once, so holds and payment times come from the database's clock, not this
 * instance's (to the millisecond, a Date's precision).
 */
async function transactionStart(tx: Tx): Promise<Date> {
  const [row] = rowsOf<{ ms: number | string }>(
    await tx.execute(sql`select extract(epoch from now()) * 1000 as ms`),
  );
  return new Date(Math.floor(Number(row!.ms)));
}

/**
 * The order rows of a placed purchase's lines. A line of no price is paid as it is placed: there
 * is nothing to pay by card (`placeLines` settles such a purchase at once).
 */
export function lineRows(
  purchase: PurchaseRow,
  lines: AwaitingLineRow[],
  now: Date,
  holdExpiresAt: Date,
  onAccount = false,
): (PgInsertValue<typeof orders> & { id: string })[] {
  // On account, the lines are confirmed as they are placed (decision 044): the stock is taken for
  // good and they ship; the invoice is what is left to pay.
  const free = onAccount || isFree(lines);
  return lines.map((line) => ({
    id: randomUUID(),
    purchaseId: purchase.id,
    purchaseNumber: purchase.number,
    productId: line.productId,
    userId: purchase.userId,
    companyId: purchase.companyId,
    productName: line.productName,
    img: line.img,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    price: line.quantity * line.unitPrice,
    shippingCharge: line.shippingCharge ?? 0,
    tax: line.tax ?? 0,
    name: purchase.name,
    email: purchase.email,
    number: purchase.phone,
    address: purchase.address,
    paid: free,
    paidAt: free ? now : null,
    holdExpiresAt: free ? null : holdExpiresAt,
  }));
}

/** A purchase whose lines are to be placed. */
export interface ToPlace {
  purchase: PurchaseRow;
  lines: AwaitingLineRow[];
  verified: boolean;
  /** Paid on account: confirmed and invoiced at once, the invoice charged to the company. */
  onAccount?: boolean;
}

/**
 * Takes the stock of the placed purchases' lines and inserts them, in one statement; a purchase
 * of no price is then confirmed: paid and invoiced at once (its receipt mailed), and its entry's
 * `purchase` replaced by the invoiced row. A purchase on account is confirmed the same way,
 * invoiced with its due date and charged to its company's ledger (account.ts). Answers the
 * stored lines of each purchase, in the order they were asked for.
 */
export async function placeLines(
  tx: Tx,
  settings: HoldSettings,
  placed: ToPlace[],
): Promise<Map<string, OrderRow[]>> {
  const linesOf = new Map<string, OrderRow[]>(placed.map(({ purchase }) => [purchase.id, []]));
  if (placed.every(({ lines }) => lines.length === 0)) return linesOf;
  const now = await transactionStart(tx);
  const taken = new Map<string, number>();
  const values = placed.flatMap(({ purchase, lines, verified, onAccount }) => {
    for (const line of lines) {
      taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity);
    }
    return lineRows(purchase, lines, now, holdEnd(settings, verified, now), onAccount);
  });
  await takeStock(tx, taken);
  // One statement of one parameter per column, however many lines (db/insert-many.ts).
  await insertMany(tx, orders, values);
  const ids = values.map((value) => value.id);
  const position = new Map(ids.map((id, index) => [id, index]));
  const rows = await tx
    .select()
    .from(orders)
    .where(sql`${orders.id} = any(${sql.param(ids)}::uuid[])`);
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  for (const row of rows) linesOf.get(row.purchaseId)?.push(row);
  // Confirmed on account: invoiced and charged all at once, one statement a step (decision 051).
  const toInvoice: ToInvoice[] = [];
  const confirmed: ToPlace[] = [];
  for (const entry of placed) {
    const lines = linesOf.get(entry.purchase.id) ?? [];
    if (lines.length === 0 || !lines.every((line) => line.paid)) continue;
    confirmed.push(entry);
    const { purchase } = entry;
    const amount = lines.reduce((sum, line) => sum + lineCharge(line), 0);
    if (entry.onAccount && purchase.companyId && purchase.paymentTerms !== 'card' && amount > 0) {
      toInvoice.push({
        purchaseId: purchase.id,
        companyId: purchase.companyId,
        email: purchase.email,
        paymentTerms: purchase.paymentTerms,
        amount,
      });
    } else {
      // Nothing to pay: paid and receipted as it is placed. Its events follow the placing's,
      // which the caller tells (settledEvents).
      await settlePurchase(tx, purchase.id, { tell: false });
    }
  }
  await chargeInvoicesOnAccount(tx, await invoiceOnAccount(tx, toInvoice));
  if (confirmed.length > 0) {
    // The caller answers the purchases as they now are: with their invoice numbers.
    const invoiced = await tx
      .select()
      .from(purchases)
      .where(
        inArray(
          purchases.id,
          confirmed.map(({ purchase }) => purchase.id),
        ),
      );
    const byId = new Map(invoiced.map((row) => [row.id, row]));
    for (const entry of confirmed) entry.purchase = byId.get(entry.purchase.id) ?? entry.purchase;
  }
  return linesOf;
}

/** Whether a purchase of these lines needs no payment: no goods, shipping or tax to pay. */
export const isFree = (lines: AwaitingLineRow[]) =>
  lines.every(
    (line) => line.quantity * line.unitPrice + (line.shippingCharge ?? 0) + (line.tax ?? 0) === 0,
  );
