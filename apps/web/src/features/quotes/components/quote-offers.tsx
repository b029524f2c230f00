import type { Quote, QuoteVersion } from '@shop/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import text from '../../../components/ui/text.module.css';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { downloadQuotePdf } from '../api/quotes';
import styles from './quotes.module.css';

/** "12.5% off list" (or "above list"), for the admin beside an offered price; none without a list price. */
export function discountText(unitPrice: number, listPrice: number | null): string | null {
  if (listPrice === null || listPrice <= 0) return null;
  const percent = Math.round((1 - unitPrice / listPrice) * 1000) / 10;
  if (percent === 0) return 'list price';
  return percent > 0 ? `${percent}% off list` : `${-percent}% above list`;
}

interface OfferProps {
  quote: Quote;
  version: QuoteVersion;
  latest: boolean;
  showDiscounts: boolean;
}

function Offer({ quote, version, latest, showDiscounts }: OfferProps) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string>();
  const listPrices = new Map(quote.lines.map((line) => [line.productId, line.listPrice]));
  const pdf = async () => {
    setDownloading(true);
    setError(undefined);
    try {
      await downloadQuotePdf(quote, version.version);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setDownloading(false);
    }
  };
  const title = `Offer version ${version.version}`;
  return (
    <section className={styles.offer} aria-label={title} data-testid="quote-offer">
      <div className={styles.offerHead}>
        <h3 className={text.h6}>
          {title} {latest && <Chip label="Latest" color="info" size="small" />}
        </h3>
        <Button variant="outlined" size="small" loading={downloading} onClick={() => void pdf()}>
          Download PDF
        </Button>
      </div>
      <p className={styles.secondary}>
        Made {formatDateTime(version.createdAt)}, valid until{' '}
        {formatDateTime(version.expiresAt, { year: true })}.
      </p>
      {error && <Alert severity="error">{error}</Alert>}
      <TableContainer>
        <Table aria-label={`${title} lines`} cardsOnPhones>
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Line total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {version.lines.map((line) => {
              const discount = showDiscounts
                ? discountText(line.unitPrice, listPrices.get(line.productId) ?? null)
                : null;
              return (
                <TableRow key={line.productId} data-testid="offer-line">
                  <TableCell role="rowheader" label="Product">
                    {line.productName}
                  </TableCell>
                  <TableCell label="Quantity" align="right">
                    {formatNumber(line.quantity)}
                  </TableCell>
                  <TableCell label="Unit price" align="right">
                    {formatPrice(line.unitPrice)}
                    {discount && <span className={styles.discount}>({discount})</span>}
                  </TableCell>
                  <TableCell label="Line total" align="right">
                    {formatPrice(line.total)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <p className={text.body1}>
        <strong>Subtotal: {formatPrice(version.subtotal)}</strong>{' '}
        <span className={styles.secondary}>(shipping and tax are added on acceptance)</span>
      </p>
      {version.note && <p className={styles.message}>{version.note}</p>}
    </section>
  );
}

/** Every offer of the quote, the latest first and marked so. */
export function QuoteOffers({ quote, showDiscounts }: { quote: Quote; showDiscounts: boolean }) {
  if (quote.versions.length === 0) {
    return <p className={styles.secondary}>No offer yet: we will answer with our prices soon.</p>;
  }
  const newestFirst = [...quote.versions].sort((a, b) => b.version - a.version);
  return (
    <>
      {newestFirst.map((version, index) => (
        <Offer
          key={version.version}
          quote={quote}
          version={version}
          latest={index === 0}
          showDiscounts={showDiscounts}
        />
      ))}
    </>
  );
}
