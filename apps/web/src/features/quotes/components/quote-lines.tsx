import type { Quote } from '@shop/shared';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { formatNumber, formatPrice } from '../../../lib/format';

const price = (dollars: number | null) => (dollars === null ? '—' : formatPrice(dollars));

/** What the buyer asked for, beside what the catalogue would charge for it today. */
export function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <TableContainer>
      <Table aria-label="Requested lines" cardsOnPhones>
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Target price</TableCell>
            <TableCell align="right">List price</TableCell>
            <TableCell align="right">Volume price</TableCell>
            <TableCell align="right">Contract price</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.lines.map((line) => (
            <TableRow key={line.productId} data-testid="requested-line">
              <TableCell role="rowheader" label="Product">
                {line.productName} <span>({line.sku})</span>
              </TableCell>
              <TableCell label="Quantity" align="right">
                {formatNumber(line.quantity)}
              </TableCell>
              <TableCell label="Target price" align="right">
                {line.targetPrice === null ? 'Your best price' : formatPrice(line.targetPrice)}
              </TableCell>
              <TableCell label="List price" align="right">
                {price(line.listPrice)}
              </TableCell>
              <TableCell label="Volume price" align="right">
                {price(line.tierPrice)}
              </TableCell>
              <TableCell label="Contract price" align="right">
                {price(line.contractPrice)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
