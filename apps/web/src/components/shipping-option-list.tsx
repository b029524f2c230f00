import { deliveryEstimate, transitText, type ShippingOption } from '@shop/shared';
import { formatDayRange, formatPrice } from '../lib/format';
import styles from './shipping-option-list.module.css';

interface ShippingOptionListProps {
  /** The methods that serve the destination, priced (GET /shipping-methods), cheapest first. */
  options: readonly ShippingOption[];
  /** The day the parcel leaves, for the delivery estimate; today unless told. */
  shipsOn?: Date;
  /** With `onSelect`: one method is picked, as radio buttons of this group name (checkout). */
  name?: string;
  selectedId?: string | null;
  onSelect?: (option: ShippingOption) => void;
  /** What the list says when no method serves the destination. */
  emptyText?: string;
}

export const NO_SHIPPING_METHOD = 'No shipping method serves this destination and weight.';

/** "$12.50" or "Free". */
export const shippingPriceText = (price: number) => (price === 0 ? 'Free' : formatPrice(price));

/**
 * The ways to send a parcel, each with its carrier, price and delivery estimate in business days
 * ("1-5 business days, 30 Nov – 4 Dec 2026"): shown as a list, or as a choice when the caller
 * picks one (the checkout). The estimate is the shared `deliveryEstimate`, the rule the server's
 * documents will use too.
 */
export function ShippingOptionList({
  options,
  shipsOn = new Date(),
  name = 'shipping-method',
  selectedId = null,
  onSelect,
  emptyText = NO_SHIPPING_METHOD,
}: ShippingOptionListProps) {
  if (options.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const describe = (option: ShippingOption) => {
    const { earliest, latest } = deliveryEstimate(option.days, shipsOn);
    return `${transitText(option.days)}, arrives ${formatDayRange(earliest, latest)}`;
  };
  return (
    <ul className={styles.list} aria-label="Shipping methods">
      {options.map((option) => {
        const body = (
          <>
            <span className={styles.name}>
              {option.name} <span className={styles.carrier}>({option.carrier})</span>
            </span>
            <span className={styles.price}>{shippingPriceText(option.price)}</span>
            <span className={styles.estimate}>{describe(option)}</span>
          </>
        );
        return (
          <li key={option._id} className={styles.item}>
            {onSelect ? (
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={name}
                  value={option._id}
                  checked={selectedId === option._id}
                  onChange={() => onSelect(option)}
                  className={styles.radio}
                />
                <span className={styles.row}>{body}</span>
              </label>
            ) : (
              <span className={styles.row}>{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
