import { quoteOfferSchema, type Quote } from '@shop/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatPrice } from '../../../lib/format';
import { useMakeOffer } from '../api/quotes';
import { discountText } from './quote-offers';
import styles from './quotes.module.css';

/** How long a new offer runs unless the admin says otherwise. */
export const OFFER_DAYS = 14;

/** YYYY-MM-DD of the day `days` ahead (UTC, as the offer's end is sent). */
export function dayAhead(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

interface Row {
  quantity: string;
  unitPrice: string;
}

/** Each requested line as the form starts: the latest offer's, else the volume or list price. */
function startRows(quote: Quote): Record<string, Row> {
  const latest = quote.versions.reduce<Quote['versions'][number] | undefined>(
    (newest, version) => (!newest || version.version > newest.version ? version : newest),
    undefined,
  );
  return Object.fromEntries(
    quote.lines.map((line) => {
      const offered = latest?.lines.find((l) => l.productId === line.productId);
      const price = offered?.unitPrice ?? line.tierPrice ?? line.listPrice;
      return [
        line.productId,
        {
          quantity: String(offered?.quantity ?? line.quantity),
          unitPrice: price === null ? '' : String(price),
        },
      ];
    }),
  );
}

/** The admin's offer: a unit price and quantity per requested line, how long it runs, a note. */
export function OfferForm({ quote }: { quote: Quote }) {
  const offer = useMakeOffer(quote._id);
  const [rows, setRows] = useState(() => startRows(quote));
  const [until, setUntil] = useState(() => dayAhead(OFFER_DAYS));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();

  const change = (productId: string, field: keyof Row, value: string) =>
    setRows((current) => ({ ...current, [productId]: { ...current[productId]!, [field]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quoteOfferSchema.safeParse({
      lines: quote.lines.map((line) => ({
        productId: line.productId,
        quantity: Number(rows[line.productId]?.quantity),
        unitPrice:
          rows[line.productId]?.unitPrice.trim() === ''
            ? undefined
            : Number(rows[line.productId]?.unitPrice),
      })),
      // The end of the chosen day, as an instant with an offset.
      expiresAt: `${until}T23:59:59Z`,
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    offer.mutate(parsed.data, { onSuccess: () => setNote('') });
  };

  const shown = problem ?? offer.error?.message;
  return (
    <form noValidate onSubmit={submit} aria-label="Make an offer" className={styles.form}>
      {quote.lines.map((line) => {
        const row = rows[line.productId]!;
        const discount = discountText(Number(row.unitPrice), line.listPrice);
        return (
          <fieldset key={line.productId} className={styles.choices}>
            <legend>
              {line.productName}
              {line.listPrice !== null && (
                <span className={styles.discount}>
                  list {formatPrice(line.listPrice)}
                  {row.unitPrice.trim() !== '' && discount ? `, ${discount}` : ''}
                </span>
              )}
            </legend>
            <div className={styles.actions}>
              <TextField
                label={`Quantity of ${line.productName}`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={row.quantity}
                onChange={(event) => change(line.productId, 'quantity', event.target.value)}
              />
              <TextField
                label={`Unit price of ${line.productName}`}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={row.unitPrice}
                onChange={(event) => change(line.productId, 'unitPrice', event.target.value)}
                className={styles.priceInput}
              />
            </div>
          </fieldset>
        );
      })}
      <TextField
        label="Valid until"
        type="date"
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        helperText="The offer runs to the end of this day (UTC)."
      />
      <TextField
        label="Note (optional)"
        multiline
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        fullWidth
      />
      {shown && <Alert severity="error">{shown}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={offer.isPending}>
          Send offer
        </Button>
      </div>
    </form>
  );
}
