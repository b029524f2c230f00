import type { Stats } from '@shop/shared';
import { PageLink } from '../../../components/ui/navigation';
import { formatPieces, formatPrice } from '../../../lib/format';
import { ordersHref } from '../links';
import { Card } from './chart-card';
import styles from './overview.module.css';

interface Ranked {
  key: string;
  name: string;
  detail: string;
  revenue: number;
  href: string;
}

/**
 * A ranking by revenue, as a list: each line its name (the link to its orders), its revenue, and
 * a bar as long as its share of the first line's, for the eye only. A list reads the same to
 * everyone, so it needs no table beside it.
 */
function RankedList({ items, label, empty }: { items: Ranked[]; label: string; empty: string }) {
  if (items.length === 0) return <p className={styles.secondary}>{empty}</p>;
  const top = Math.max(...items.map((item) => item.revenue), 1);
  return (
    <ol className={styles.ranking} aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={styles.rank}>
          <span className={styles.rankText}>
            <PageLink href={item.href} className={styles.rankName}>
              {item.name}
            </PageLink>
            <span className={styles.rankDetail}>{item.detail}</span>
          </span>
          <span className={styles.rankRevenue}>{formatPrice(item.revenue)}</span>
          <span className={styles.rankTrack} aria-hidden="true">
            <span
              className={styles.rankBar}
              style={{ width: `${Math.max((item.revenue / top) * 100, 1)}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

const paidIn = (stats: Stats) => ({ paidFrom: stats.from, paidTo: stats.to });

export function TopProductsCard({ stats }: { stats: Stats }) {
  const items = stats.topProducts.map((product) => ({
    key: product.productId ?? product.name,
    name: product.name,
    detail: formatPieces(product.quantity),
    revenue: product.revenue,
    href: ordersHref({ q: product.name, ...paidIn(stats) }),
  }));
  return (
    <Card title="Top products">
      <RankedList
        items={items}
        label="Top products by revenue"
        empty="No products sold in this period."
      />
    </Card>
  );
}

/**
 * Who bought most: companies for their members' purchases, people buying for no company by
 * name (issue 28). A company's name, or a person's email, searches Manage All Orders.
 */
export function TopCustomersCard({ stats }: { stats: Stats }) {
  const items = stats.topBuyers.map((buyer) => ({
    key: buyer.companyId ?? buyer.email ?? buyer.name,
    name: buyer.name,
    detail: buyer.companyId ? 'Company' : (buyer.email ?? ''),
    revenue: buyer.revenue,
    href: ordersHref({ q: buyer.email ?? buyer.name, ...paidIn(stats) }),
  }));
  return (
    <Card title="Top buyers">
      <RankedList
        items={items}
        label="Top buyers by revenue"
        empty="No customer paid in this period."
      />
    </Card>
  );
}
