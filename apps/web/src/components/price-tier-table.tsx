import type { PriceTerms } from '@shop/shared';
import { formatNumber, formatPrice } from '../lib/format';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from './ui/table';

/** The volume prices: the list price's row, then one per tier, with its saving per piece. */
export function PriceTierTable({ terms, minimum }: { terms: PriceTerms; minimum: number }) {
  const tiers = terms.priceTiers ?? [];
  const first = tiers[0];
  const listRange = first
    ? `${formatNumber(minimum)}–${formatNumber(first.minQuantity - 1)}`
    : `${formatNumber(minimum)}+`;
  return (
    <TableContainer>
      <Table aria-label="Volume prices" data-testid="price-tiers">
        <TableHead>
          <TableRow>
            <TableCell>Quantity</TableCell>
            <TableCell align="right">Price per piece</TableCell>
            <TableCell align="right">Saving</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{listRange} (list price)</TableCell>
            <TableCell align="right">{formatPrice(terms.price)}</TableCell>
            <TableCell align="right">—</TableCell>
          </TableRow>
          {tiers.map((tier, index) => {
            const after = tiers[index + 1];
            const range = after
              ? `${formatNumber(tier.minQuantity)}–${formatNumber(after.minQuantity - 1)}`
              : `${formatNumber(tier.minQuantity)}+`;
            return (
              <TableRow key={tier.minQuantity}>
                <TableCell>{range}</TableCell>
                <TableCell align="right">{formatPrice(tier.price)}</TableCell>
                <TableCell align="right">{formatPrice(terms.price - tier.price)} a piece</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
