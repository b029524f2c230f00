import { PURCHASE_STATUS_LABELS, type Stats } from '@shop/shared';
import { Bar, BarChart, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { PageLink } from '../../../components/ui/navigation';
import { Table, TableBody, TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { formatNumber, formatPieces } from '../../../lib/format';
import { ordersHref } from '../links';
import { Card, ChartFigure } from './chart-card';
import { axisTick, chartColors } from './chart-style';
import styles from './overview.module.css';

/**
 * Purchases by the glossary's status words; each opens Manage All Orders filtered to its lines
 * (a purchase partly shipped still has lines paid and waiting to ship). Waiting for approval
 * has no lines yet, so nothing to open.
 */
const STATES = [
  { status: 'awaiting_approval', filter: null, color: chartColors.unpaid },
  { status: 'unpaid', filter: 'unpaid', color: chartColors.unpaid },
  { status: 'paid', filter: 'paid', color: chartColors.paid },
  { status: 'on_account', filter: 'paid', color: chartColors.paid },
  { status: 'partially_shipped', filter: 'paid', color: chartColors.paid },
  { status: 'shipped', filter: 'shipped', color: chartColors.shipped },
] as const;

/** Every purchase as it stands now, by status, and the stock unpaid orders hold until they expire. */
export function OrdersByStateCard({
  stats,
  onOpen,
}: {
  stats: Stats;
  onOpen: (href: string) => void;
}) {
  const { ordersByState, purchasesByState } = stats;
  const rows = STATES.map((state) => ({
    ...state,
    label: PURCHASE_STATUS_LABELS[state.status],
    count: purchasesByState[state.status],
    href: state.filter ? ordersHref({ status: state.filter }) : null,
  }));
  const unpaidHref = ordersHref({ status: 'unpaid' });

  return (
    <Card title="Orders by state">
      <p className={styles.secondary}>
        All purchases as they stand now.{' '}
        <PageLink href={unpaidHref}>{formatPieces(ordersByState.held)} held</PageLink> by unpaid
        orders until they are paid or expire.
      </p>
      <ChartFigure
        caption="Purchases by status. A bar opens their orders."
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
              width={140}
            />
            <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Purchases']} />
            <Bar
              dataKey="count"
              name="Orders"
              cursor="pointer"
              onClick={(_entry, index) => {
                const row = rows[index];
                if (row?.href) onOpen(row.href);
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
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Purchases</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.status}>
                    <TableCell>
                      {row.href ? <PageLink href={row.href}>{row.label}</PageLink> : row.label}
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
