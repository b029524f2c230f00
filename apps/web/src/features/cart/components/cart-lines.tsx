import {
  productPagePath,
  toCents,
  unitPriceFor,
  type Product,
  type QuantityVerdict,
} from '@shop/shared';
import { nextBreakLabel, savingLabel, yourPriceLabel } from '../../../components/price-info';
import { QuantityStepper } from '../../../components/quantity-stepper';
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
import { formatCents, formatNumber, formatPieces, formatPrice } from '../../../lib/format';
import styles from './cart.module.css';

/** One line of the cart as the page shows it: the stored line with its product, if still sold. */
export interface CartRow {
  productId: string;
  /** The quantity field's text: what the buyer typed, or the stored quantity. */
  text: string;
  /** Undefined while it is read, and once the catalogue has no such product (deleted since). */
  product: Product | undefined;
  /** Its product is still being read. */
  pending: boolean;
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
  const packs = product.increment > 1 ? `, packs of ${formatNumber(product.increment)}` : '';
  const most = product.maximum != null ? `, at most ${formatNumber(product.maximum)}` : '';
  const terms = `Minimum ${formatNumber(product.minimum)}${packs}${most}, ${formatNumber(product.available)} in stock`;
  const helper = problem ?? (verdict?.ok ? `${formatPieces(verdict.quantity)}. ${terms}` : terms);
  const quantity = verdict?.ok ? verdict.quantity : null;
  const saving = quantity != null ? savingLabel(product, quantity) : null;
  const next = quantity != null ? nextBreakLabel(product, quantity) : null;
  const max =
    product.maximum != null ? Math.min(product.maximum, product.available) : product.available;
  return (
    <>
      <QuantityStepper
        value={row.text}
        onChange={onChange}
        error={Boolean(problem)}
        helperText={helper}
        step={Math.max(product.increment, 1)}
        min={Math.max(product.minimum, 1)}
        max={max >= product.minimum ? max : undefined}
        productName={product.name}
        className={styles.quantity}
      />
      {(saving ?? next) && (
        <p className={styles.priceNote} aria-live="polite">
          {saving && <span data-testid="saving">{saving}. </span>}
          {next && <span data-testid="next-break">{next}.</span>}
        </p>
      )}
    </>
  );
}

/**
 * The unit price of the line's quantity by its volume tier; the list price until it is valid.
 * In cents, as the quantity rule answers it.
 */
const unitPriceOf = (row: CartRow, product: Product) =>
  row.verdict?.ok ? row.verdict.unitPrice : toCents(unitPriceFor(product, 0));

/** The line's unit price; a company member's contract price (issue 15) says so. */
function UnitPrice({ row, product }: { row: CartRow; product: Product }) {
  const quantity = row.verdict?.ok ? row.verdict.quantity : 0;
  const yours = yourPriceLabel(product, quantity);
  if (!yours) return <>{formatCents(unitPriceOf(row, product))}</>;
  return (
    <>
      {yours}
      <span className={styles.muted}>
        {' '}
        (instead of {formatPrice(unitPriceFor(product, quantity))})
      </span>
    </>
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
                    <PageLink href={productPagePath(row.productId)}>{name}</PageLink>
                  ) : row.pending ? (
                    <span className={styles.muted}>Checking…</span>
                  ) : (
                    <span className={styles.gone}>This product is no longer sold.</span>
                  )}
                </TableCell>
                <TableCell label="Unit price" align="right" data-testid="unit-price">
                  {row.product ? <UnitPrice row={row} product={row.product} /> : '—'}
                </TableCell>
                <TableCell label="Quantity">
                  <QuantityCell
                    row={row}
                    onChange={(text) => onQuantityChange(row.productId, text)}
                  />
                </TableCell>
                <TableCell label="Line total" align="right" data-testid="line-total">
                  {row.verdict?.ok ? formatCents(row.verdict.total) : '—'}
                </TableCell>
                <TableCell label="Actions">
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => onRemove(row.productId)}
                    aria-label={
                      name
                        ? `Remove ${name}`
                        : row.pending
                          ? 'Remove this line'
                          : 'Remove the product no longer sold'
                    }
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
