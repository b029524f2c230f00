import { transitText, type CheckoutPreview } from '@shop/shared';
import { formatPrice } from '../lib/format';
import styles from './charge-summary.module.css';

/** The figures a preview and a purchase share (issue 29): dollars, as the API answers them. */
export type Charges = Pick<
  CheckoutPreview,
  'subtotal' | 'shipping' | 'tax' | 'total' | 'shippingMethod' | 'taxLines' | 'taxNote'
>;

interface ChargeSummaryProps {
  charges: Charges;
  /** Names the list for assistive technology ("Charges", "Purchase totals"). */
  label?: string;
  /** The test id of the total's figure ("$1,234.50"); `charge-total` unless told. */
  totalTestId?: string;
}

/** "UPS Ground (UPS), 1-5 business days" */
export const methodText = (method: NonNullable<Charges['shippingMethod']>) =>
  `${method.name} (${method.carrier}), ${transitText(method.days)}`;

/** One figure of a charge, as a list of facts (My Orders' purchase heads) writes it. */
export interface ChargeFact {
  term: string;
  value: string;
}

/**
 * The figures of `charges` as terms and values, shortest first: "Subtotal $1,900", "Shipping
 * $11.50 (UPS Ground, 1-5 business days)", each tax line ("VAT DE 19 % $363.19", or "Tax $0"),
 * "Reverse charge" when it applies, and "Total $2,274.69" last.
 */
export function chargeFacts(charges: Charges & { reverseCharge?: boolean }): ChargeFact[] {
  const method = charges.shippingMethod;
  const shipping = charges.shipping === 0 && method ? 'Free' : formatPrice(charges.shipping);
  return [
    { term: 'Subtotal', value: formatPrice(charges.subtotal) },
    {
      term: 'Shipping',
      value: method ? `${shipping} (${method.name}, ${transitText(method.days)})` : shipping,
    },
    ...(charges.taxLines.length > 0
      ? charges.taxLines.map((line) => ({ term: line.name, value: formatPrice(line.amount) }))
      : [{ term: 'Tax', value: formatPrice(charges.tax) }]),
    ...(charges.reverseCharge ? [{ term: 'VAT', value: 'Reverse charge' }] : []),
    { term: 'Total', value: formatPrice(charges.total) },
  ];
}

/**
 * What a purchase charges, a line each (issue 29): the goods' subtotal, shipping with its method
 * and delivery time, each tax rate by name, the total; and the reverse-charge words when no VAT
 * is charged because the buyer accounts for it. The cart, Buy Now and the purchase pages show it
 * alike, so the buyer reads the same figures before and after buying.
 */
export function ChargeSummary({ charges, label = 'Charges', totalTestId }: ChargeSummaryProps) {
  const { shippingMethod: method, taxLines, taxNote } = charges;
  return (
    <div className={styles.summary}>
      <dl className={styles.summary} aria-label={label}>
        <div className={styles.row}>
          <dt>Subtotal</dt>
          <dd data-testid="charge-subtotal">{formatPrice(charges.subtotal)}</dd>
        </div>
        <div className={styles.row}>
          <dt>
            Shipping
            {method && <span className={styles.detail}>{methodText(method)}</span>}
          </dt>
          <dd data-testid="charge-shipping">
            {charges.shipping === 0 && method ? 'Free' : formatPrice(charges.shipping)}
          </dd>
        </div>
        {taxLines.length > 0 ? (
          taxLines.map((line) => (
            <div key={line.name} className={styles.row} data-testid="charge-tax-line">
              <dt>{line.name}</dt>
              <dd>{formatPrice(line.amount)}</dd>
            </div>
          ))
        ) : (
          <div className={styles.row} data-testid="charge-tax-line">
            <dt>Tax</dt>
            <dd>{formatPrice(charges.tax)}</dd>
          </div>
        )}
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Total</dt>
          <dd data-testid={totalTestId ?? 'charge-total'}>{formatPrice(charges.total)}</dd>
        </div>
      </dl>
      {taxNote && (
        <p className={styles.note} data-testid="tax-note">
          {taxNote}
        </p>
      )}
    </div>
  );
}
