import {
  creditFor,
  NOTHING_CREDITED,
  toCents,
  type CreditNote,
  type Credited,
  type Order,
  type Purchase,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatCents, formatNumber } from '../../../lib/format';
import { useIssueCreditNote } from '../api/credit-notes';
import styles from './ship-dialog.module.css';
import own from './credit-notes.module.css';

/** What the notes so far credited of each line, in cents (as the server adds them up). */
export function creditedByLine(notes: readonly CreditNote[]): Map<string, Credited> {
  const credited = new Map<string, Credited>();
  for (const line of notes.flatMap((note) => note.lines)) {
    const before = credited.get(line.orderId) ?? NOTHING_CREDITED;
    credited.set(line.orderId, {
      quantity: before.quantity + line.quantity,
      net: before.net + toCents(line.net),
      shipping: before.shipping + toCents(line.shipping),
      tax: before.tax + toCents(line.tax),
    });
  }
  return credited;
}

/** The line as it was charged, in cents. */
const charged = (line: Order) => ({
  quantity: line.quantity,
  unitPrice: toCents(line.unitPrice),
  price: toCents(line.price),
  shippingCharge: toCents(line.shippingCharge),
  tax: toCents(line.tax),
});

interface Choice {
  ticked: boolean;
  quantity: string;
}

interface CreditNoteDialogProps {
  open: boolean;
  purchase: Purchase;
  /** The purchase's notes so far: what is left of each line. */
  notes: readonly CreditNote[];
  onIssued: (note: CreditNote) => void;
  onClose: () => void;
}

/**
 * The admin's "Issue a credit note" (docs/decisions/039): tick lines and pieces, with their
 * shipping or not, say why; the dialog shows what will be credited (the server's own arithmetic,
 * packages/shared credit-note-amounts.ts) and the button says the total it confirms.
 */
export function CreditNoteDialog({ open, onClose, ...props }: CreditNoteDialogProps) {
  return (
    <Dialog open={open} title="Issue a credit note" onClose={onClose}>
      {open && <CreditNoteForm onClose={onClose} {...props} />}
    </Dialog>
  );
}

function CreditNoteForm({
  purchase,
  notes,
  onIssued,
  onClose,
}: Omit<CreditNoteDialogProps, 'open'>) {
  const issue = useIssueCreditNote(purchase._id);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [shipping, setShipping] = useState(false);
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  const credited = creditedByLine(notes);
  const leftOf = (line: Order) =>
    line.quantity - (credited.get(line._id) ?? NOTHING_CREDITED).quantity;
  const open = purchase.orders.filter((line) => line.paid && leftOf(line) > 0);
  const choiceOf = (line: Order): Choice =>
    choices[line._id] ?? { ticked: false, quantity: String(leftOf(line)) };
  const change = (line: Order, next: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [line._id]: { ...choiceOf(line), ...next } }));

  const picked = open
    .filter((line) => choiceOf(line).ticked)
    .map((line) => ({ line, quantity: Number(choiceOf(line).quantity) }));
  const valid = picked.every(
    ({ line, quantity }) => Number.isInteger(quantity) && quantity >= 1 && quantity <= leftOf(line),
  );
  const amounts = picked.reduce(
    (sum, { line, quantity }) => {
      if (!valid) return sum;
      const credit = creditFor(
        charged(line),
        credited.get(line._id) ?? NOTHING_CREDITED,
        quantity,
        shipping,
      );
      return {
        net: sum.net + credit.net,
        shipping: sum.shipping + credit.shipping,
        tax: sum.tax + credit.tax,
      };
    },
    { net: 0, shipping: 0, tax: 0 },
  );
  const total = amounts.net + amounts.shipping + amounts.tax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return setProblem('Please choose at least one line to credit.');
    const bad = picked.find(
      ({ line, quantity }) =>
        !Number.isInteger(quantity) || quantity < 1 || quantity > leftOf(line),
    );
    if (bad) {
      return setProblem(
        `Credit 1 to ${formatNumber(leftOf(bad.line))} of ${bad.line.productName}.`,
      );
    }
    if (!reason.trim()) return setProblem('Please say why the purchase is credited.');
    setProblem(null);
    issue.mutate(
      {
        lines: picked.map(({ line, quantity }) => ({ orderId: line._id, quantity })),
        shipping,
        restock,
        reason: reason.trim(),
      },
      { onSuccess: onIssued, onError: (error) => setProblem(error.message) },
    );
  };

  if (open.length === 0) {
    return (
      <>
        <DialogContent>
          <Alert severity="info" role="status">
            Every paid line of {purchase.number} has been credited in full.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onClose}>
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
          {purchase.number}, invoice {purchase.invoiceNumber}, for {purchase.name}
        </p>
        <fieldset className={styles.lines}>
          <legend className={styles.legend}>Lines to credit</legend>
          {open.map((line) => {
            const choice = choiceOf(line);
            const left = leftOf(line);
            return (
              <div key={line._id} className={styles.line} data-testid="credit-line">
                <label className={styles.tick}>
                  <input
                    type="checkbox"
                    checked={choice.ticked}
                    onChange={(event) => change(line, { ticked: event.target.checked })}
                  />
                  <span>
                    {line.productName}
                    <span className={styles.left}>
                      {left < line.quantity
                        ? ` ${formatNumber(left)} of ${formatNumber(line.quantity)} left`
                        : ` ${formatNumber(line.quantity)} bought`}
                    </span>
                  </span>
                </label>
                <TextField
                  label={`Pieces of ${line.productName}`}
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
        <div className={own.options}>
          <label className={styles.tick}>
            <input
              type="checkbox"
              checked={shipping}
              onChange={(event) => setShipping(event.target.checked)}
            />
            <span>Credit their shipping too</span>
          </label>
          <label className={styles.tick}>
            <input
              type="checkbox"
              checked={restock}
              onChange={(event) => setRestock(event.target.checked)}
            />
            <span>Put the pieces back in stock</span>
          </label>
        </div>
        <TextField
          label="Reason"
          multiline
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <dl className={own.amounts} aria-label="Amounts to credit">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(amounts.net)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{formatCents(amounts.shipping)}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(amounts.tax)}</dd>
          </div>
          <div className={own.total}>
            <dt>Total credited</dt>
            <dd data-testid="credit-total">{formatCents(total)}</dd>
          </div>
        </dl>
        <p className={own.note}>
          The total is refunded to the card that paid, and the buyer gets the credit note by email.
        </p>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose} disabled={issue.isPending}>
          Cancel
        </Button>
        <Button variant="contained" type="submit" loading={issue.isPending}>
          Issue credit note of {formatCents(total)}
        </Button>
      </DialogActions>
    </form>
  );
}
