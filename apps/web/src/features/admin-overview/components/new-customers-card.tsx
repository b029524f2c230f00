import type { Stats } from '@shop/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { PageLink } from '../../../components/ui/navigation';
import { Table, TableBody, TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { formatDayMonth, formatNumber } from '../../../lib/format';
import { customersHref } from '../links';
import { Card, ChartFigure } from './chart-card';
import { axisTick, chartColors } from './chart-style';
import styles from './overview.module.css';
import { periodLabel } from './revenue-card';

/** Accounts opened per day or week; they are the people Make Admin lists. */
export function NewCustomersCard({
  stats,
  onOpen,
}: {
  stats: Stats;
  onOpen: (href: string) => void;
}) {
  const { newCustomers, interval } = stats;
  const total = newCustomers.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card title="New customers">
      <p className={styles.headline}>
        <span className={styles.bigFigure}>{formatNumber(total)}</span>
        <PageLink href={customersHref}>See the customers</PageLink>
      </p>
      <ChartFigure
        caption={`Customer accounts opened per ${interval}. A bar opens the list of customers.`}
        chart={
          <BarChart
            data={newCustomers}
            responsive
            style={{ width: '100%', height: 160 }}
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
            <YAxis allowDecimals={false} tick={axisTick} stroke={chartColors.text} width={40} />
            <Tooltip
              formatter={(value) => [formatNumber(Number(value)), 'New customers']}
              labelFormatter={(period) => periodLabel(String(period), interval)}
            />
            <Bar
              dataKey="count"
              name="New customers"
              fill={chartColors.bar}
              cursor="pointer"
              onClick={() => onOpen(customersHref)}
            />
          </BarChart>
        }
        table={
          <>
            <Table aria-label={`New customers per ${interval}`} className={styles.compact}>
              <TableHead>
                <TableRow>
                  <TableCell>{interval === 'day' ? 'Day' : 'Week'}</TableCell>
                  <TableCell align="right">New customers</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {newCustomers.map((row) => (
                  <TableRow key={row.period}>
                    <TableCell>{periodLabel(row.period, interval)}</TableCell>
                    <TableCell align="right">{formatNumber(row.count)}</TableCell>
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
