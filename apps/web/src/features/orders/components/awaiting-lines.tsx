import type { AwaitingLine } from '@shop/shared';
import { Chip } from '../../../components/ui/chip';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { formatPieces, formatPrice } from '../../../lib/format';
import { OrderProduct } from './order-product';

/** Said wherever a purchase waits for its company's approval (issue 15). */
export const AWAITING_APPROVAL = 'Waiting for approval';

/**
 * The lines of a purchase waiting for its company's approval (issue 15): priced when it was
 * made, holding no stock, with nothing to pay or cancel until an approver has approved it.
 */
export function AwaitingLines({
  lines,
  status = AWAITING_APPROVAL,
  'aria-labelledby': labelledBy,
  className,
}: {
  lines: AwaitingLine[];
  /** What each line's status says: a rejected purchase's lines say so. */
  status?: string;
  'aria-labelledby'?: string;
  className?: string;
}) {
  return (
    <TableContainer>
      <Table
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : 'Lines'}
        cardsOnPhones
        className={className}
      >
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.productId} data-testid="awaiting-line">
              <TableCell label="Product">
                <OrderProduct order={line} />
              </TableCell>
              <TableCell label="Price" align="right">
                {formatPrice(line.unitPrice)} × {formatPieces(line.quantity)}
              </TableCell>
              <TableCell label="Total" align="right">
                {formatPrice(line.price)}
              </TableCell>
              <TableCell label="Status">
                <Chip
                  label={status}
                  color={status === AWAITING_APPROVAL ? 'warning' : 'default'}
                  size="small"
                  variant="outlined"
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
