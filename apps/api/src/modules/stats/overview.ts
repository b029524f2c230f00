import {
  fromCents,
  addDays,
  periodBefore,
  STATS_DAYS_DEFAULT,
  STATS_EXPIRING_HOURS,
  STATS_LIST_MAX,
  STATS_TOP,
  todayIn,
  weekStart,
  type Stats,
  type StatsInterval,
} from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * GET /admin/stats (DESIGN section 8): the admin's Overview, every figure an aggregate the
 * database computes (no order is loaded into memory), all read at once.
 *
 * Days, weeks and the period's bounds are the shop's: the database's sessions run in
 * SHOP_TIME_ZONE (db/client.ts), so `date_trunc('day', paid_at)` is the shop's day and a date
 * cast to timestamptz is the shop's midnight, on PGlite and PostgreSQL alike, DST included.
 */

export interface StatsPeriod {
  from: string;
  to: string;
  interval: StatsInterval;
}

/** The query's period, or the last STATS_DAYS_DEFAULT days of the shop's calendar. */
export function periodOf(
  query: { from?: string | undefined; to?: string | undefined; interval: StatsInterval },
  timeZone: string,
  now: Date = new Date(),
): StatsPeriod {
  if (query.from !== undefined && query.to !== undefined) {
    return { from: query.from, to: query.to, interval: query.interval };
  }
  const to = todayIn(timeZone, now);
  return { from: addDays(to, 1 - STATS_DAYS_DEFAULT), to, interval: query.interval };
}

/** Every period of the range, as the database names them: each day, or each week's Monday. */
export function periodsOf({ from, to, interval }: StatsPeriod): string[] {
  const periods: string[] = [];
  const step = interval === 'day' ? 1 : 7;
  for (let day = interval === 'day' ? from : weekStart(from); day <= to; day = addDays(day, step)) {
    periods.push(day);
  }
  return periods;
}

/** `column` falls on one of the shop's days from `from` to `to`, both included. */
const within = (column: SQL, from: string, to: string): SQL =>
  sql`${column} >= ${from}::date::timestamptz and ${column} < (${to}::date + 1)::timestamptz`;

/**
 * The aggregates `values` per shop's day, or per week from its Monday, of the instants in
 * `column`, each row named by its `period` (YYYY-MM-DD). Grouped by the truncated instant and
 * written as text per group: to_char per row cost as much as the rest of the query.
 */
const perPeriod = (
  column: SQL,
  interval: StatsInterval,
  values: Record<string, SQL>,
  from: SQL,
  where: SQL,
) => {
  const names = Object.keys(values).map((name) => sql.identifier(name));
  const aggregates = Object.entries(values).map(
    ([name, value]) => sql`${value} as ${sql.identifier(name)}`,
  );
  return sql`select to_char(start, 'YYYY-MM-DD') as period, ${sql.join(names, sql`, `)}
      from (select date_trunc(${interval}, ${column}) as start, ${sql.join(aggregates, sql`, `)}
            from ${from} where ${where} group by 1) as grouped`;
};

const paidWithin = (from: string, to: string) =>
  sql`paid = true and ${within(sql`paid_at`, from, to)}`;

/**
 * The rows of `query`; the columns named in `sums` are 64-bit sums (bigint: a period's revenue
 * passes 2^31 dollars long before it passes 2^53), which node-postgres reads as text and PGlite
 * may read as a BigInt: both become JS numbers, exact to 2^53.
 */
async function rows<Row>(db: Db, query: SQL, sums: readonly (keyof Row)[] = []): Promise<Row[]> {
  const found = rowsOf<Row>(await db.execute(query));
  if (sums.length === 0) return found;
  return found.map((row) => {
    const read = { ...row };
    for (const key of sums) read[key] = Number(row[key]) as Row[keyof Row];
    return read;
  });
}

type RevenueFigures = {
  total: number;
  shipping: number;
  tax: number;
  orders: number;
  purchases: number;
};
const REVENUE_SUMS = ['total', 'shipping', 'tax', 'orders', 'purchases'] as const;

/**
 * Revenue (the goods, `price`: net of tax and shipping), the shipping charged and the tax
 * collected on them, paid lines and the purchases they belong to per period: only periods with
 * sales come back. A purchase whose lines were paid on two days counts on each of them.
 */
function revenueRows(db: Db, { from, to, interval }: StatsPeriod) {
  return rows<{ period: string } & RevenueFigures>(
    db,
    perPeriod(
      sql`paid_at`,
      interval,
      {
        total: sql`sum(price)::bigint`,
        shipping: sql`sum(shipping_charge)::bigint`,
        tax: sql`sum(tax)::bigint`,
        orders: sql`count(*)::bigint`,
        purchases: sql`count(distinct purchase_id)::bigint`,
      },
      sql`orders`,
      paidWithin(from, to),
    ),
    REVENUE_SUMS,
  );
}

async function totals(db: Db, from: string, to: string): Promise<RevenueFigures> {
  const [row] = await rows<RevenueFigures>(
    db,
    sql`select coalesce(sum(price), 0)::bigint as total,
          coalesce(sum(shipping_charge), 0)::bigint as shipping,
          coalesce(sum(tax), 0)::bigint as tax,
          count(*) as orders, count(distinct purchase_id) as purchases
        from orders where ${paidWithin(from, to)}`,
    REVENUE_SUMS,
  );
  return row ?? { total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 };
}

/**
 * Every purchase by its status (purchase-serialize.ts statusOf): those with lines by the state
 * the database keeps on each (purchases.line_state, counted from purchases_line_state_idx rather
 * than by grouping every line), those waiting for approval (which have none yet) from
 * purchases_awaiting_created_at_idx.
 */
async function purchasesByState(db: Db): Promise<Stats['purchasesByState']> {
  const [row] = await rows<Stats['purchasesByState']>(
    db,
    sql`select
          (select count(*) from purchases
            where awaiting_lines is not null and closed_as is null) as awaiting_approval,
          count(*) filter (where line_state = 'unpaid') as unpaid,
          count(*) filter (where line_state = 'paid' and amount_due = 0) as paid,
          count(*) filter (where line_state = 'paid' and amount_due > 0) as on_account,
          count(*) filter (where line_state = 'partially_shipped') as partially_shipped,
          count(*) filter (where line_state = 'shipped') as shipped
        from purchases where line_state is not null`,
    ['awaiting_approval', 'unpaid', 'paid', 'on_account', 'partially_shipped', 'shipped'],
  );
  return (
    row ?? {
      awaiting_approval: 0,
      unpaid: 0,
      paid: 0,
      on_account: 0,
      partially_shipped: 0,
      shipped: 0,
    }
  );
}

/**
 * Every order as it stands now, and the pieces unpaid orders hold until they are paid or expire.
 * Each count is read from an index alone (orders_paid_hold_expires_at_idx, orders_paid_at_idx,
 * orders_shipped_at_idx) rather than from every row; only paid orders are shipped, so those paid
 * and waiting are the paid less the shipped.
 */
async function ordersByState(db: Db): Promise<Stats['ordersByState']> {
  const [row] = await rows<Stats['ordersByState'] & { paidInAll: number }>(
    db,
    sql`select unpaid.count as unpaid, unpaid.held::bigint as held,
          (select count(*) from orders where paid = true) as "paidInAll",
          (select count(*) from orders where shipping = true) as shipped
        from (select count(*) as count, coalesce(sum(quantity), 0) as held
              from orders where paid = false) as unpaid`,
    ['unpaid', 'held', 'paidInAll', 'shipped'],
  );
  if (!row) return { unpaid: 0, paid: 0, shipped: 0, held: 0 };
  const { paidInAll, ...counts } = row;
  return { ...counts, paid: paidInAll - counts.shipped };
}

/**
 * The products that earned most in the period, under their current name (their name when
 * ordered if the product has since been deleted; each deleted name on its own).
 */
function topProducts(db: Db, { from, to }: StatsPeriod) {
  return rows<Stats['topProducts'][number]>(
    db,
    sql`select o.product_id as "productId", coalesce(p.name, min(o.product_name)) as name,
          sum(o.price)::bigint as revenue, sum(o.quantity)::bigint as quantity
        from orders o left join products p on p.id = o.product_id
        where ${paidWithin(from, to)}
        group by o.product_id, p.name, case when o.product_id is null then o.product_name end
        order by revenue desc, name
        limit ${STATS_TOP}`,
    ['revenue', 'quantity'],
  );
}

/**
 * The customers (by the email their orders carry) who spent most, under their account's name
 * (their email once the account is gone): the sums come from the index alone.
 */
function topCustomers(db: Db, { from, to }: StatsPeriod) {
  return rows<Stats['topCustomers'][number]>(
    db,
    sql`select top.email, coalesce(a.name, top.email) as name, top.revenue
        from (select email, sum(price)::bigint as revenue
              from orders where ${paidWithin(from, to)}
              group by email
              order by revenue desc, email
              limit ${STATS_TOP}) as top
        left join auth_users a on a.email = top.email
        order by top.revenue desc, top.email`,
    ['revenue'],
  );
}

/**
 * The buyers who spent most in the period: a company for its members' purchases, a person
 * buying for no company by their account's name (their email once the account is gone).
 */
function topBuyers(db: Db, { from, to }: StatsPeriod) {
  return rows<Stats['topBuyers'][number]>(
    db,
    sql`select top.company_id as "companyId", top.email,
          coalesce(c.name, a.name, top.email) as name, top.revenue
        from (select company_id, case when company_id is null then email end as email,
                sum(price)::bigint as revenue
              from orders where ${paidWithin(from, to)}
              group by 1, 2
              order by revenue desc, 1, 2
              limit ${STATS_TOP}) as top
        left join companies c on c.id = top.company_id
        left join auth_users a on a.email = top.email
        order by top.revenue desc, name`,
    ['revenue'],
  );
}

/** Products at or below their low-stock threshold (products_low_stock_idx), fewest first. */
async function lowStock(db: Db) {
  const atOrBelow = sql`(available - low_stock_threshold) <= 0`;
  const [list, [counted]] = await Promise.all([
    rows<Stats['lowStock'][number]>(
      db,
      sql`select id as "productId", name, available, low_stock_threshold as threshold
          from products where ${atOrBelow}
          order by available, name, id
          limit ${STATS_LIST_MAX}`,
    ),
    rows<{ total: number }>(db, sql`select count(*) as total from products where ${atOrBelow}`, [
      'total',
    ]),
  ]);
  return { lowStock: list, lowStockTotal: counted?.total ?? 0 };
}

/** Customers (not admins) who joined in each period: only periods with one come back. */
function newCustomerRows(db: Db, { from, to, interval }: StatsPeriod) {
  return rows<{ period: string; count: number }>(
    db,
    perPeriod(
      sql`created_at`,
      interval,
      { count: sql`count(*)` },
      sql`users`,
      sql`role = false and ${within(sql`created_at`, from, to)}`,
    ),
    ['count'],
  );
}

/** Unpaid orders whose stock hold ends within STATS_EXPIRING_HOURS, soonest first. */
async function expiringSoon(db: Db): Promise<Stats['expiringSoon']> {
  const found = await rows<
    Omit<Stats['expiringSoon'][number], 'holdExpiresAt'> & {
      holdExpiresAt: Date | string;
    }
  >(
    db,
    sql`select id as "_id", hold_expires_at as "holdExpiresAt", purchase_id as "purchaseId",
          purchase_number as "purchaseNumber", name, email, product_name as "productName", price
        from orders
        where paid = false
          and hold_expires_at < now() + make_interval(hours => ${STATS_EXPIRING_HOURS})
        order by hold_expires_at, id
        limit ${STATS_LIST_MAX}`,
    ['price'],
  );
  // Raw rows: node-postgres gives a Date, PGlite may give either; the answer is ISO 8601.
  return found.map((row) => ({
    ...row,
    holdExpiresAt: new Date(row.holdExpiresAt).toISOString(),
    price: fromCents(row.price),
  }));
}

/** Fills every period of the range, with zeros where nothing happened. */
function everyPeriod<Row extends { period: string }>(
  periods: string[],
  found: Row[],
  empty: Omit<Row, 'period'>,
): Row[] {
  const byPeriod = new Map(found.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? ({ period, ...empty } as Row));
}

/**
 * The Overview's figures of sales; the receivables beside them are the ledger's, the backups
 * the backups' (routes/stats.ts).
 */
export async function readStats(
  db: Db,
  period: StatsPeriod,
  timeZone: string,
): Promise<Omit<Stats, 'receivables' | 'backups'>> {
  const before = periodBefore(period.from, period.to);
  const periods = periodsOf(period);
  const [
    revenue,
    previous,
    states,
    purchaseStates,
    products,
    customers,
    buyers,
    stock,
    joined,
    expiring,
  ] = await Promise.all([
    revenueRows(db, period),
    totals(db, before.from, before.to),
    ordersByState(db),
    purchasesByState(db),
    topProducts(db, period),
    topCustomers(db, period),
    topBuyers(db, period),
    lowStock(db),
    newCustomerRows(db, period),
    expiringSoon(db),
  ]);
  // Summed in cents, in 64 bits; answered in dollars (docs/decisions/027).
  return {
    ...period,
    timeZone,
    revenue: everyPeriod(periods, revenue, {
      total: 0,
      shipping: 0,
      tax: 0,
      orders: 0,
      purchases: 0,
    }).map((row) => ({
      ...row,
      total: fromCents(row.total),
      shipping: fromCents(row.shipping),
      tax: fromCents(row.tax),
    })),
    previous: {
      ...before,
      ...previous,
      total: fromCents(previous.total),
      shipping: fromCents(previous.shipping),
      tax: fromCents(previous.tax),
    },
    ordersByState: states,
    purchasesByState: purchaseStates,
    topProducts: products.map((row) => ({ ...row, revenue: fromCents(row.revenue) })),
    topCustomers: customers.map((row) => ({ ...row, revenue: fromCents(row.revenue) })),
    topBuyers: buyers.map((row) => ({ ...row, revenue: fromCents(row.revenue) })),
    ...stock,
    newCustomers: everyPeriod(periods, joined, { count: 0 }),
    expiringSoon: expiring,
  };
}
