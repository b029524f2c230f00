import { CARRIER_MAX, TRACKING_NUMBER_MAX, type Order, type ShipOrder } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import styles from './ship-dialog.module.css';

interface ShipDialogProps {
  /** The paid order to ship; null keeps the dialog closed. */
  order: Order | null;
  /** True while PUT /shipping/{id} runs: the buttons wait. */
  pending: boolean;
  onConfirm: (shipment: NonNullable<ShipOrder>) => void;
  onCancel: () => void;
}

/**
 * Ship asks for the carrier and the tracking number (both optional: a pallet collected by the
 * customer has neither) and confirms, so a stray click ships nothing. The customer's shipped
 * email and purchase page carry what is typed here.
 */
export function ShipDialog({ order, pending, onConfirm, onCancel }: ShipDialogProps) {
  const detailId = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm({ carrier: carrier.trim() || null, trackingNumber: trackingNumber.trim() || null });
  };
  const close = () => {
    setCarrier('');
    setTrackingNumber('');
    onCancel();
  };
  return (
    <Dialog
      open={order !== null}
      title="Ship this order?"
      onClose={pending ? undefined : close}
      aria-describedby={detailId}
    >
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <p id={detailId} className={styles.detail}>
            {order &&
              `${order.purchaseNumber}: ${formatNumber(order.quantity)} × ${order.productName} for ${order.name}, ${order.address}`}
          </p>
          <div className={styles.fields}>
            <TextField
              label="Carrier"
              name="carrier"
              value={carrier}
              maxLength={CARRIER_MAX}
              onChange={(event) => setCarrier(event.target.value)}
              helperText="UPS, FedEx, DHL, USPS or another (optional)"
              data-autofocus
              fullWidth
            />
            <TextField
              label="Tracking number"
              name="trackingNumber"
              value={trackingNumber}
              maxLength={TRACKING_NUMBER_MAX}
              onChange={(event) => setTrackingNumber(event.target.value)}
              helperText="Optional"
              fullWidth
            />
          </div>
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button variant="contained" type="submit" loading={pending}>
            Confirm shipping
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
