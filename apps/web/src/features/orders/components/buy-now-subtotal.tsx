import { formatCents } from '../../../lib/format';
import styles from './purchase-form.module.css';

/**
 * The goods' sum of the Buy Now form (SPEC's quantity times unit price), labelled Subtotal: the
 * total comes from the server once the address is typed (docs/decisions/041). Null `goods`: the
 * quantity cannot be ordered, so there is no sum.
 */
export function BuyNowSubtotal({ goods, pending }: { goods: number | null; pending: boolean }) {
  return (
    <>
      <p data-testid="order-total" className={styles.total}>
        Subtotal: {goods === null ? '—' : formatCents(goods)}
      </p>
      {goods !== null && (
        <p className={styles.chargeHint} data-testid="charge-hint">
          {pending
            ? 'Working out shipping and tax…'
            : 'Shipping and tax are added once the phone number and address are typed.'}
        </p>
      )}
    </>
  );
}
