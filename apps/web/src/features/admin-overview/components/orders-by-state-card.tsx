import type { Stats } from '@shop/shared';
import { Bar, BarChart, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { PageLink } from '../../../components/ui/navigation';
import { Table, TableBody, TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { formatNumber, formatPieces } from '../../../lib/format';
import { ordersHref } from '../links';
import { Card, ChartFigure } from './chart-card';
import { axisTick, chartColors } from './chart-style';
import styles from './overview.module.css';

const STATES = [
  { status: 'unpaid', label: 'Unpaid', color: chartColors.unpaid },
  { status: 'paid', label: 'Paid, to ship', color: chartColors.paid },
  { status: 'shipped', label: 'Shipped', color: chartColors.shipped },
] as const;

/** Every order as it stands now, by state, and the stock unpaid orders hold until they expire. */
export function OrdersByStateCard({
  stats,
  onOpen,
}: {
  stats: Stats;
  onOpen: (href: string) => void;
}) {
  const { ordersByState } = stats;
  const rows = STATES.map((state) => ({
    ...state,
    count: ordersByState[state.status],
    href: ordersHref({ status: state.status }),
  }));
  const unpaidHref = ordersHref({ status: 'unpaid' });

  return (
    <Card title="Orders by state">
      <p className={styles.secondary}>
        All orders as they stand now.{' '}
        <PageLink href={unpaidHref}>{formatPieces(ordersByState.held)} held</PageLink> by unpaid
        orders until they are paid or expire.
      </p>
      <ChartFigure
        caption="Orders by state. A bar opens those orders."
        chart={
          <BarChart
            data={rows}
            layout="vertical"
            responsive
            style={{ width: '100%', height: 160 }}
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <XAxis type="number" allowDecimals={false} tick={axisTick} stroke={chartColors.text} />
            <YAxis
              type="category"
              dataKey="label"
              tick={axisTick}
              stroke={chartColors.text}
              width={96}
            />
            <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Orders']} />
            <Bar
              dataKey="count"
              name="Orders"
              cursor="pointer"
              onClick={(_entry, index) => {
                const row = rows[index];
                if (row) onOpen(row.href);
              }}
            >
              {rows.map((row) => (
                <Cell key={row.status} fill={row.color} />
              ))}
            </Bar>
          </BarChart>
        }
        table={
          <>
            <Table aria-label="Orders by state" className={styles.compact}>
              <TableHead>
                <TableRow>
                  <TableCell>State</TableCell>
                  <TableCell align="right">Orders</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.status}>
                    <TableCell>
                      <PageLink href={row.href}>{row.label}</PageLink>
                    </TableCell>
                    <TableCell align="right">{formatNumber(row.count)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell>
                    <PageLink href={unpaidHref}>Pieces held by unpaid orders</PageLink>
                  </TableCell>
                  <TableCell align="right">{formatNumber(ordersByState.held)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </>
        }
      />
    </Card>
  );
}
