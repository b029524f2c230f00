import {
  ADMIN_ORDER_STATUS_LABELS,
  adminOrderStatusOf,
  moneyText,
  type AdminOrder,
  type AdminOrderPage,
} from '@shop/shared';
import { and, desc, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { changedSince } from '../../db/sync.js';
import { csvCell } from '../../http/csv.js';
import { orders, purchases } from '../../db/schema.js';
import { toOrder } from './serialize.js';

/**
 * Manage All Orders (DESIGN section 8): GET /admin/orders pages through the orders newest first,
 * filtered by status and a search, and GET /admin/orders.csv exports the same filter. The page
 * and its count are read with the same condition; the newest-first order walks `orders_seq_idx`.
 */

export interface AdminOrderFilter {
  status?: 'unpaid' | 'paid' | 'shipped' | undefined;
  q?: string | undefined;
  /** Paid on or after this day of the shop (YYYY-MM-DD). */
  paidFrom?: string | undefined;
  /** Paid on or before this day of the shop. */
  paidTo?: string | undefined;
}

const STATUS: Record<NonNullable<AdminOrderFilter['status']>, SQL> = {
  unpaid: sql`${orders.paid} = false`,
  paid: sql`(${orders.paid} = true and ${orders.shipping} = false)`,
  shipped: sql`${orders.shipping} = true`,
};

/**
 * The orders whose own search text (customer, email, product, purchase number) or whose
 * purchase's (PO number, company) holds the pattern. Two lookups joined by UNION rather than
 * one OR across the join: each side is answered by its table's trigram index (migration 0006),
 * where an OR over two tables can only be checked row by row over every order.
 */
const matching = (pattern: string): SQL =>
  inArray(
    orders.id,
    sql`(select ${orders.id} from ${orders} where ${ilike(orders.searchText, pattern)}
      union
      select ${orders.id} from ${orders} where ${orders.purchaseId} in
        (select ${purchases.id} from ${purchases} where ${ilike(purchases.searchText, pattern)}))`,
  );

/**
 * The shop's days as instants: a date cast to timestamptz is its midnight in the sessions' time
 * zone, which is the shop's (db/client.ts). Answered by the paid orders' `paid_at` index.
 */
const paidSince = (day: string): SQL => sql`${orders.paidAt} >= ${day}::date::timestamptz`;
const paidBy = (day: string): SQL => sql`${orders.paidAt} < (${day}::date + 1)::timestamptz`;

function where({ status, q, paidFrom, paidTo }: AdminOrderFilter): SQL | undefined {
  const search = q?.trim();
  return and(
    status ? STATUS[status] : undefined,
    search ? matching(containing(search)) : undefined,
    paidFrom ? paidSince(paidFrom) : undefined,
    paidTo ? paidBy(paidTo) : undefined,
  );
}

const columns = {
  order: orders,
  poNumber: purchases.poNumber,
  company: purchases.company,
  taxId: purchases.taxId,
};

type Row = {
  order: typeof orders.$inferSelect;
  poNumber: string | null;
  company: string | null;
  taxId: string | null;
};

const toAdminOrder = (row: Row): AdminOrder => ({
  ...toOrder(row.order),
  poNumber: row.poNumber,
  company: row.company,
  taxId: row.taxId,
});

/** One page of the filtered orders, newest first, and how many match in all. */
export async function listAdminOrders(
  db: Db,
  filter: AdminOrderFilter,
  { page, limit }: { page: number; limit: number },
): Promise<AdminOrderPage> {
  const condition = where(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(orders)
      .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
      .where(condition)
      .orderBy(desc(orders.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
      .where(condition),
  ]);
  return { items: rows.map(toAdminOrder), total: counted?.total ?? 0, page, limit };
}

/**
 * GET /admin/orders?updatedSince= (issue 32, docs/decisions/055): the orders changed at or after
 * that time, in change order, a page at a time by `nextUpdatedSince`: the ERP's copy of them.
 */
export async function adminOrderChanges(
  db: Db,
  { since, limit }: { since: string; limit: number },
): Promise<AdminOrderPage> {
  const changes = await changedSince(
    db,
    orders,
    { id: orders.id, updatedAt: orders.updatedAt },
    { since, limit },
  );
  const rows =
    changes.ids.length === 0
      ? []
      : await db
          .select(columns)
          .from(orders)
          .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
          .where(and(inArray(orders.id, changes.ids), changes.unchanged));
  const position = new Map(changes.ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.order.id)! - position.get(b.order.id)!);
  return {
    items: rows.map(toAdminOrder),
    total: changes.total,
    page: 1,
    limit,
    nextUpdatedSince: changes.next,
  };
}

/** The most rows one export carries: a spreadsheet's comfortable size, far above a day's orders. */
export const CSV_ROWS_MAX = 100_000;

const CSV_COLUMNS: [string, (order: AdminOrder) => string | number | boolean | null][] = [
  ['Purchase', (o) => o.purchaseNumber],
  ['Order id', (o) => o._id],
  ['Created', (o) => o.createdAt],
  ['Customer', (o) => o.name],
  ['Email', (o) => o.email],
  ['Phone', (o) => o.number],
  ['Address', (o) => o.address],
  ['Company', (o) => o.company],
  ['Tax id', (o) => o.taxId],
  ['PO number', (o) => o.poNumber],
  ['Product', (o) => o.productName],
  ['Quantity', (o) => o.quantity],
  ['Shipped quantity', (o) => o.shippedQuantity],
  ['Unit price', (o) => moneyText(o.unitPrice)],
  ['Total', (o) => moneyText(o.price)],
  // The filter's word, as the page's filter and the Overview say it (decision 030).
  ['Status', (o) => ADMIN_ORDER_STATUS_LABELS[adminOrderStatusOf(o)]],
  ['Paid at', (o) => o.paidAt],
  ['Shipped at', (o) => o.shippedAt],
  ['Carrier', (o) => o.carrier],
  ['Tracking number', (o) => o.trackingNumber],
  ['Test payment', (o) => (o.paid ? o.testPayment : null)],
  // Issue 29, appended so a spreadsheet reading the columns by position still reads the rest:
  // the line's share of its purchase's shipping charge, its tax, and what it costs in all
  // ("Total" above is the goods' net amount, as SPEC's `price`).
  ['Shipping', (o) => moneyText(o.shippingCharge)],
  ['Tax', (o) => moneyText(o.tax)],
  ['Total with shipping and tax', (o) => moneyText(o.total)],
];

/** Rows read per query while exporting: a page's memory, whatever the export's length. */
const CSV_BATCH = 1000;

/**
 * GET /admin/orders.csv: every order of the filter, newest first, header row first, as chunks
 * of text written while they are read: batches of CSV_BATCH rows, each continuing below the last
 * `seq` of the one before (orders_seq_idx), so neither the rows nor the text of a 100,000-row
 * export are ever held whole. An order placed during the export is newer than its first row and
 * not in it.
 */
export async function* adminOrdersCsv(db: Db, filter: AdminOrderFilter): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')}\r\n`;
  const condition = where(filter);
  let written = 0;
  let below: number | null = null;
  while (written < CSV_ROWS_MAX) {
    const rows = await db
      .select(columns)
      .from(orders)
      .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
      .where(and(condition, below === null ? undefined : lt(orders.seq, below)))
      .orderBy(desc(orders.seq))
      .limit(Math.min(CSV_BATCH, CSV_ROWS_MAX - written));
    if (rows.length === 0) return;
    let text = '';
    for (const row of rows) {
      const order = toAdminOrder(row);
      text += `${CSV_COLUMNS.map(([, cell]) => csvCell(cell(order))).join(',')}\r\n`;
    }
    yield text;
    written += rows.length;
    below = rows[rows.length - 1]!.order.seq;
    if (rows.length < CSV_BATCH) return;
  }
}
