import { fromCents, moneyText, toCents, type Stats } from '@shop/shared';
import { csvCell } from '../../http/csv.js';

/**
 * GET /admin/stats.csv: the period's figures a spreadsheet wants, one row per day or week (the
 * week's Monday), in the Overview's order; the period before, for comparison, as a last row.
 */
export function statsCsv(stats: Stats): string {
  const joined = new Map(stats.newCustomers.map((row) => [row.period, row.count]));
  // Amounts as dollars with two decimals where there are cents; the total added up in cents.
  const amount = (dollars: number) => moneyText(dollars);
  const sumOf = (key: 'total' | 'shipping' | 'tax') =>
    fromCents(stats.revenue.reduce((sum, row) => sum + toCents(row[key]), 0));
  const rows: (string | number)[][] = [
    // Orders are purchases, as the Overview counts them; their lines (SPEC's orders) beside.
    [
      stats.interval === 'day' ? 'Day' : 'Week of',
      'Revenue',
      'Paid orders',
      'Paid lines',
      'New customers',
      // Appended (issue 29): revenue stays the goods net of tax; these are charged beside it.
      'Shipping charged',
      'Tax collected',
    ],
    ...stats.revenue.map((row) => [
      row.period,
      amount(row.total),
      row.purchases,
      row.orders,
      joined.get(row.period) ?? 0,
      amount(row.shipping),
      amount(row.tax),
    ]),
    [
      `Total ${stats.from} to ${stats.to}`,
      amount(sumOf('total')),
      stats.revenue.reduce((sum, row) => sum + row.purchases, 0),
      stats.revenue.reduce((sum, row) => sum + row.orders, 0),
      stats.newCustomers.reduce((sum, row) => sum + row.count, 0),
      amount(sumOf('shipping')),
      amount(sumOf('tax')),
    ],
    [
      `Period before: ${stats.previous.from} to ${stats.previous.to}`,
      amount(stats.previous.total),
      stats.previous.purchases,
      stats.previous.orders,
      '',
      amount(stats.previous.shipping),
      amount(stats.previous.tax),
    ],
  ];
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
