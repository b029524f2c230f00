import { fromCents, toCents, type Stats } from '@shop/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { PageLink } from '../../../components/ui/navigation';
import { Table, TableBody, TableCell, TableHead, TableRow } from '../../../components/ui/table';
import {
  formatDay,
  formatDayMonth,
  formatDayRange,
  formatNumber,
  formatPrice,
} from '../../../lib/format';
import { ordersHref, periodDays } from '../links';
import { Card, ChartFigure } from './chart-card';
import { axisTick, chartColors, formatCompactPrice } from './chart-style';
import styles from './overview.module.css';

/** "20 Nov 2026", or "Week of 16 Nov 2026": what one bar (one row) stands for. */
export const periodLabel = (period: string, interval: Stats['interval']) =>
  interval === 'day' ? formatDay(period) : `Week of ${formatDay(period)}`;

/** The change from the previous period in whole per cent, or null when that had no revenue. */
export function changePercent(total: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((total - previous) / previous) * 100);
}

function ChangeLine({ stats, total }: { stats: Stats; total: number }) {
  const { previous } = stats;
  const change = changePercent(total, previous.total);
  const before = `${formatPrice(previous.total)} in ${formatDayRange(previous.from, previous.to)}`;
  if (change === null) {
    return <p className={styles.change}>No revenue in the previous period ({before}).</p>;
  }
  const look = change > 0 ? styles.up : change < 0 ? styles.down : undefined;
  return (
    <p className={styles.change}>
      <span className={look}>
        {change > 0 ? '+' : ''}
        {change}%
      </span>{' '}
      on the previous period ({before}).
    </p>
  );
}

/** The admin's receivables page (issue 30). */
const RECEIVABLES_HREF = '/dashboard/receivables';

/** A sum of the period's rows, added up in cents. */
const sumOf = (revenue: Stats['revenue'], key: 'total' | 'shipping' | 'tax') =>
  fromCents(revenue.reduce((sum, row) => sum + toCents(row[key]), 0));

/**
 * Revenue of paid orders per day or week: a headline total (the goods, net of tax and without
 * shipping), the shipping charged and the tax collected beside it, the bars, and the table.
 */
export function RevenueCard({ stats, onOpen }: { stats: Stats; onOpen: (href: string) => void }) {
  const { revenue, interval } = stats;
  const range = { from: stats.from, to: stats.to };
  // Added up in cents: dollars with cents do not add exactly as floating point numbers.
  const total = sumOf(revenue, 'total');
  const shipping = sumOf(revenue, 'shipping');
  const tax = sumOf(revenue, 'tax');
  // Orders are purchases here: a checkout of many lines is one order (issue 28).
  const orders = revenue.reduce((sum, row) => sum + row.purchases, 0);
  const hrefOf = (period: string) => ordersHref(periodDays(period, interval, range));

  return (
    <Card title="Revenue" wide>
      <p className={styles.headline}>
        <span className={styles.bigFigure} data-testid="revenue-total">
          {formatPrice(total)}
        </span>
        <span className={styles.secondary}>
          {formatNumber(orders)} paid {orders === 1 ? 'order' : 'orders'},{' '}
          {formatDayRange(stats.from, stats.to)}
        </span>
      </p>
      <p className={styles.secondary}>Net of tax, without shipping.</p>
      <dl className={styles.apart}>
        <div>
          <dt>Shipping charged</dt>
          <dd data-testid="shipping-total">{formatPrice(shipping)}</dd>
        </div>
        <div>
          <dt>Tax collected</dt>
          <dd data-testid="tax-total">{formatPrice(tax)}</dd>
        </div>
        {/* What the companies owe on account today, whatever the period (issue 30). */}
        <div>
          <dt>Receivables</dt>
          <dd data-testid="receivables-total">
            <PageLink href={RECEIVABLES_HREF}>{formatPrice(stats.receivables.balance)}</PageLink>
          </dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd data-testid="overdue-total">
            <PageLink href={`${RECEIVABLES_HREF}?filter=overdue`}>
              {formatPrice(stats.receivables.overdue)}
            </PageLink>
            {stats.receivables.overdueCompanies > 0 &&
              ` (${formatNumber(stats.receivables.overdueCompanies)} ${
                stats.receivables.overdueCompanies === 1 ? 'company' : 'companies'
              })`}
          </dd>
        </div>
      </dl>
      <ChangeLine stats={stats} total={total} />
      <ChartFigure
        caption={`Revenue of paid orders per ${interval}, by the day they were paid. A bar opens its orders.`}
        chart={
          <BarChart
            data={revenue}
            responsive
            style={{ width: '100%', height: 260 }}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke={chartColors.grid} />
            <XAxis
              dataKey="period"
              tickFormatter={formatDayMonth}
              tick={axisTick}
              stroke={chartColors.text}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={formatCompactPrice}
              tick={axisTick}
              stroke={chartColors.text}
              width={56}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(value) => [formatPrice(Number(value)), 'Revenue']}
              labelFormatter={(period) => periodLabel(String(period), interval)}
            />
            <Bar
              dataKey="total"
              name="Revenue"
              fill={chartColors.bar}
              cursor="pointer"
              onClick={(_entry, index) => {
                const row = revenue[index];
                if (row) onOpen(hrefOf(row.period));
              }}
            />
          </BarChart>
        }
        table={
          <>
            <Table aria-label={`Revenue per ${interval}`} className={styles.compact}>
              <TableHead>
                <TableRow>
                  <TableCell>{interval === 'day' ? 'Day' : 'Week'}</TableCell>
                  <TableCell align="right">Revenue</TableCell>
                  <TableCell align="right">Shipping</TableCell>
                  <TableCell align="right">Tax</TableCell>
                  <TableCell align="right">Paid orders</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {revenue.map((row) => (
                  <TableRow key={row.period} data-testid="revenue-row">
                    <TableCell>
                      <PageLink href={hrefOf(row.period)}>
                        {periodLabel(row.period, interval)}
                      </PageLink>
                    </TableCell>
                    <TableCell align="right">{formatPrice(row.total)}</TableCell>
                    <TableCell align="right">{formatPrice(row.shipping)}</TableCell>
                    <TableCell align="right">{formatPrice(row.tax)}</TableCell>
                    <TableCell align="right">{formatNumber(row.purchases)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        }
      />
    </Card>
  );
}
