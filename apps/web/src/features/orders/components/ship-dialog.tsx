import { type Order, type ShipOrder } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { formatNumber } from '../../../lib/format';
import { NO_PARCEL_TEXT, ParcelFields, parcelOf } from './parcel-fields';
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
  return (
    <Dialog
      open={order !== null}
      title="Ship this order?"
      onClose={pending ? undefined : onCancel}
      aria-describedby={detailId}
    >
      {/* The form leaves the page as the dialog closes: each order's parcel starts empty. */}
      {order && (
        <ShipOrderForm
          key={order._id}
          order={order}
          detailId={detailId}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

function ShipOrderForm({
  order,
  detailId,
  pending,
  onConfirm,
  onCancel,
}: Omit<ShipDialogProps, 'order'> & { order: Order; detailId: string }) {
  const [parcel, setParcel] = useState(NO_PARCEL_TEXT);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(parcelOf(parcel));
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <p id={detailId} className={styles.detail}>
          {`${order.purchaseNumber}: ${formatNumber(order.quantity)} × ${order.productName} for ${order.name}, ${order.address}`}
        </p>
        <ParcelFields value={parcel} onChange={setParcel} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" type="submit" loading={pending}>
          Confirm shipping
        </Button>
      </DialogActions>
    </form>
  );
}
