import { CARRIER_MAX, TRACKING_NUMBER_MAX } from '@shop/shared';
import { TextField } from '../../../components/ui/text-field';
import styles from './ship-dialog.module.css';

/** What the admin types about a parcel, as typed. */
export interface ParcelText {
  carrier: string;
  trackingNumber: string;
}

export const NO_PARCEL_TEXT: ParcelText = { carrier: '', trackingNumber: '' };

/** The parcel as the API takes it: blank (or only spaces) is null. */
export const parcelOf = ({ carrier, trackingNumber }: ParcelText) => ({
  carrier: carrier.trim() || null,
  trackingNumber: trackingNumber.trim() || null,
});

interface ParcelFieldsProps {
  value: ParcelText;
  onChange: (value: ParcelText) => void;
  /** The dialog puts the focus on the carrier when it opens. */
  autoFocus?: boolean;
}

/**
 * The carrier and tracking number of a parcel, both optional (a pallet collected by the customer
 * has neither): the line and the purchase ship dialogs ask for them alike, and the customer's
 * shipped email and purchase page carry what is typed here.
 */
export function ParcelFields({ value, onChange, autoFocus = false }: ParcelFieldsProps) {
  return (
    <div className={styles.fields}>
      <TextField
        label="Carrier"
        name="carrier"
        value={value.carrier}
        maxLength={CARRIER_MAX}
        onChange={(event) => onChange({ ...value, carrier: event.target.value })}
        helperText="UPS, FedEx, DHL, USPS or another (optional)"
        data-autofocus={autoFocus || undefined}
        fullWidth
      />
      <TextField
        label="Tracking number"
        name="trackingNumber"
        value={value.trackingNumber}
        maxLength={TRACKING_NUMBER_MAX}
        onChange={(event) => onChange({ ...value, trackingNumber: event.target.value })}
        helperText="Optional"
        fullWidth
      />
    </div>
  );
}
