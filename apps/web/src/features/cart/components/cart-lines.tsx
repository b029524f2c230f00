import type { Product, QuantityVerdict } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { PageLink } from '../../../components/ui/navigation';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber, formatPieces, formatPrice } from '../../../lib/format';
import styles from './cart.module.css';

/** One line of the cart as the page shows it: the stored line with its product, if still sold. */
export interface CartRow {
  productId: string;
  /** The quantity field's text: what the buyer typed, or the stored quantity. */
  text: string;
  /** Undefined once the catalogue has no such product (deleted since it was added). */
  product: Product | undefined;
  /** The live check of `text` against the product's minimum and stock. */
  verdict: QuantityVerdict | null;
  /** Why the last checkout refused this line (409), until its quantity changes. */
  refused: string | undefined;
}

interface CartLinesProps {
  rows: CartRow[];
  onQuantityChange: (productId: string, text: string) => void;
  onRemove: (productId: string) => void;
}

function QuantityCell({ row, onChange }: { row: CartRow; onChange: (text: string) => void }) {
  const { product, verdict, refused } = row;
  if (!product) return <span className={styles.muted}>—</span>;
  const problem = refused ?? (verdict && !verdict.ok ? verdict.message : undefined);
  // The field shows the bare number (a number input has no separators); the figure with its
  // separators, and the product's terms, read below it.
  const terms = `Minimum ${formatNumber(product.minimum)}, ${formatNumber(product.available)} in stock`;
  const helper = problem ?? (verdict?.ok ? `${formatPieces(verdict.quantity)}. ${terms}` : terms);
  return (
    <TextField
      label="Quantity"
      type="number"
      inputMode="numeric"
      value={row.text}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={helper}
      min={product.minimum}
      max={product.available}
      step={1}
      className={styles.quantity}
    />
  );
}

/** The cart's lines: name, unit price, quantity checked live, line total and Remove. */
export function CartLines({ rows, onQuantityChange, onRemove }: CartLinesProps) {
  return (
    <TableContainer>
      <Table cardsOnPhones aria-label="Cart lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell>Quantity</TableCell>
            <TableCell align="right">Line total</TableCell>
            <TableCell>
              <span className={styles.visuallyHidden}>Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = row.product?.name;
            return (
              <TableRow key={row.productId} data-testid="cart-line" data-product-id={row.productId}>
                <TableCell label="Product" className={styles.name}>
                  {row.product ? (
                    <PageLink href={`/purchase/${row.productId}`}>{name}</PageLink>
                  ) : (
                    <span className={styles.gone}>This product is no longer sold.</span>
                  )}
                </TableCell>
                <TableCell label="Unit price" align="right">
                  {row.product ? formatPrice(row.product.price) : '—'}
                </TableCell>
                <TableCell label="Quantity">
                  <QuantityCell
                    row={row}
                    onChange={(text) => onQuantityChange(row.productId, text)}
                  />
                </TableCell>
                <TableCell label="Line total" align="right" data-testid="line-total">
                  {row.verdict?.ok ? formatPrice(row.verdict.total) : '—'}
                </TableCell>
                <TableCell label="Actions">
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => onRemove(row.productId)}
                    aria-label={name ? `Remove ${name}` : 'Remove the product no longer sold'}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
