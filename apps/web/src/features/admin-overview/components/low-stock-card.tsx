import type { Stats } from '@shop/shared';
import { PageLink } from '../../../components/ui/navigation';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { manageProductsHref, productEditHref } from '../links';
import { Card } from './chart-card';
import styles from './overview.module.css';

/** Products at or below their low-stock threshold, fewest first, each opening its edit page. */
export function LowStockCard({ stats }: { stats: Stats }) {
  const { lowStock, lowStockTotal } = stats;
  if (lowStock.length === 0) {
    return (
      <Card title="Low stock">
        <p className={styles.secondary}>Every product is above its low-stock threshold.</p>
      </Card>
    );
  }
  return (
    <Card title="Low stock">
      <p className={styles.secondary}>
        {lowStockTotal > lowStock.length
          ? `The ${formatNumber(lowStock.length)} lowest of ${formatNumber(lowStockTotal)} products at or below their threshold. `
          : `${formatNumber(lowStockTotal)} ${lowStockTotal === 1 ? 'product' : 'products'} at or below the threshold. `}
        <PageLink href={manageProductsHref}>Manage Products</PageLink>
      </p>
      <TableContainer>
        <Table aria-label="Low stock" className={styles.compact}>
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Available</TableCell>
              <TableCell align="right">Threshold</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lowStock.map((product) => (
              <TableRow key={product.productId}>
                <TableCell>
                  <PageLink href={productEditHref(product.productId)} className={styles.words}>
                    {product.name}
                  </PageLink>
                </TableCell>
                <TableCell align="right">{formatNumber(product.available)}</TableCell>
                <TableCell align="right">{formatNumber(product.threshold)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
