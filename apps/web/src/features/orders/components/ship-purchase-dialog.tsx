import {
  PURCHASE_STATUS_LABELS,
  shipmentMessages,
  type Order,
  type Purchase,
  type ShipPurchase,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { usePurchase } from '../api/purchases';
import { NO_PARCEL_TEXT, ParcelFields, parcelOf } from './parcel-fields';
import styles from './ship-dialog.module.css';

/** Pieces of a line still to ship. */
export const leftToShip = (line: Pick<Order, 'quantity' | 'shippedQuantity'>) =>
  line.quantity - line.shippedQuantity;

interface ShipPurchaseDialogProps {
  /** The purchase to ship; null keeps the dialog closed. */
  purchaseId: string | null;
  /** True while PUT /purchase/{id}/ship runs: the buttons wait. */
  pending: boolean;
  onConfirm: (purchase: Purchase, shipment: NonNullable<ShipPurchase>) => void;
  onCancel: () => void;
}

/**
 * One dialog ships a whole purchase or part of it (decision 030): every line still to ship is
 * ticked with what is left of it; the admin unticks lines or lowers quantities, gives the
 * carrier and tracking number, and the customer gets one email for the parcel. The purchase is
 * read whole (GET /purchase/{id}), so lines on another page of the list are here too.
 */
export function ShipPurchaseDialog({ purchaseId, ...props }: ShipPurchaseDialogProps) {
  return (
    <Dialog
      open={purchaseId !== null}
      title="Ship this purchase?"
      onClose={props.pending ? undefined : props.onCancel}
    >
      {/* Keyed by the purchase: a new one starts with fresh choices. */}
      {purchaseId && <ShipPurchaseForm key={purchaseId} id={purchaseId} {...props} />}
    </Dialog>
  );
}

interface Choice {
  ticked: boolean;
  quantity: string;
}

function ShipPurchaseForm({
  id,
  pending,
  onConfirm,
  onCancel,
}: Omit<ShipPurchaseDialogProps, 'purchaseId'> & { id: string }) {
  const purchase = usePurchase(id);
  const [parcelText, setParcelText] = useState(NO_PARCEL_TEXT);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  if (purchase.isPending) {
    return (
      <DialogContent>
        <p role="status">Loading the purchase…</p>
      </DialogContent>
    );
  }
  if (purchase.error) {
    return (
      <DialogContent>
        <LoadError
          title="We could not load the purchase."
          error={purchase.error}
          retrying={purchase.isFetching}
          onRetry={() => void purchase.refetch()}
        />
      </DialogContent>
    );
  }
  const open = purchase.data.orders.filter((line) => line.paid && leftToShip(line) > 0);
  const choiceOf = (line: Order): Choice =>
    choices[line._id] ?? { ticked: true, quantity: String(leftToShip(line)) };
  const change = (line: Order, next: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [line._id]: { ...choiceOf(line), ...next } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = open.filter((line) => choiceOf(line).ticked);
    if (picked.length === 0) return setProblem('Please choose at least one line to ship.');
    const lines = [];
    for (const line of picked) {
      const quantity = Number(choiceOf(line).quantity);
      const left = leftToShip(line);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) {
        return setProblem(`Ship 1 to ${formatNumber(left)} of ${line.productName}.`);
      }
      lines.push(quantity === left ? { orderId: line._id } : { orderId: line._id, quantity });
    }
    setProblem(null);
    const parcel = parcelOf(parcelText);
    const whole = lines.length === open.length && lines.every((line) => !('quantity' in line));
    onConfirm(purchase.data, whole ? parcel : { ...parcel, lines });
  };

  // Only a paid purchase ships (decision 030), or one confirmed on account (decision 044); a line
  // on another page of the list may be unpaid.
  const shippable =
    purchase.data.status === 'paid' ||
    purchase.data.status === 'on_account' ||
    purchase.data.status === 'partially_shipped';
  if (!shippable || open.length === 0) {
    return (
      <>
        <DialogContent>
          <Alert severity="info" role="status">
            {shippable || purchase.data.status === 'shipped'
              ? `Nothing of ${purchase.data.number} is waiting to ship.`
              : `${shipmentMessages.notShippable} ${purchase.data.number} is ${PURCHASE_STATUS_LABELS[purchase.data.status].toLowerCase()}.`}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onCancel}>
            Close
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId}>
      <DialogContent>
        <p id={headingId} className={styles.detail}>
          {purchase.data.number} for {purchase.data.name}, {purchase.data.address}
        </p>
        <fieldset className={styles.lines}>
          <legend className={styles.legend}>Lines in this parcel</legend>
          {open.map((line) => {
            const choice = choiceOf(line);
            const left = leftToShip(line);
            return (
              <div key={line._id} className={styles.line} data-testid="ship-line">
                <label className={styles.tick}>
                  <input
                    type="checkbox"
                    checked={choice.ticked}
                    onChange={(event) => change(line, { ticked: event.target.checked })}
                  />
                  <span>
                    {line.productName}
                    <span className={styles.left}>
                      {line.shippedQuantity > 0
                        ? ` ${formatNumber(left)} of ${formatNumber(line.quantity)} left`
                        : ` ${formatNumber(line.quantity)} ordered`}
                    </span>
                  </span>
                </label>
                <TextField
                  label={`Quantity of ${line.productName}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={left}
                  value={choice.quantity}
                  disabled={!choice.ticked}
                  onChange={(event) => change(line, { quantity: event.target.value })}
                  className={styles.quantity}
                />
              </div>
            );
          })}
        </fieldset>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <ParcelFields value={parcelText} onChange={setParcelText} />
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" type="submit" loading={pending}>
          Ship parcel
        </Button>
      </DialogActions>
    </form>
  );
}
