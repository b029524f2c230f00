import { quoteMessageBodySchema, type Quote } from '@shop/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/container';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { useQuoteMessage } from '../api/quotes';
import styles from './quotes.module.css';

/** The messages of buyer and shop, oldest first, with the target prices a buyer named. */
export function QuoteThread({ quote }: { quote: Quote }) {
  const names = new Map(quote.lines.map((line) => [line.productId, line.productName]));
  if (quote.messages.length === 0) return <p className={styles.secondary}>No messages yet.</p>;
  return (
    <ol className={styles.thread} aria-label="Messages">
      {quote.messages.map((message) => (
        <li
          key={message._id}
          className={cx(styles.message, message.from === 'shop' && styles.shop)}
          data-testid="quote-message"
        >
          <p className={styles.secondary}>
            <strong>{message.from === 'shop' ? `${message.author} (shop)` : message.author}</strong>
            {', '}
            {formatDateTime(message.createdAt, { year: true })}
          </p>
          <p>{message.text}</p>
          {message.targetPrices.length > 0 && (
            <ul>
              {message.targetPrices.map((target) => (
                <li key={target.productId}>
                  New target price for {names.get(target.productId) ?? 'a product'}:{' '}
                  {formatPrice(target.targetPrice)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

interface MessageFormProps {
  quote: Quote;
  /** The buyer may name new target prices per line; the shop writes text alone. */
  withTargetPrices: boolean;
}

/** A message in the thread; the buyer's new target prices ask the shop for a new offer. */
export function QuoteMessageForm({ quote, withTargetPrices }: MessageFormProps) {
  const send = useQuoteMessage(quote._id);
  const [textValue, setTextValue] = useState('');
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const targetPrices = Object.entries(targets)
      .filter(([, value]) => value.trim() !== '')
      .map(([productId, value]) => ({ productId, targetPrice: Number(value) }));
    const parsed = quoteMessageBodySchema.safeParse({
      text: textValue,
      ...(targetPrices.length > 0 ? { targetPrices } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setTextValue('');
        setTargets({});
      },
    });
  };

  const shown = problem ?? send.error?.message;
  return (
    <form noValidate onSubmit={submit} aria-label="Write a message" className={styles.form}>
      <TextField
        label="Message"
        multiline
        minRows={3}
        value={textValue}
        onChange={(event) => setTextValue(event.target.value)}
        fullWidth
      />
      {withTargetPrices &&
        quote.lines.map((line) => (
          <TextField
            key={line.productId}
            label={`New target price for ${line.productName} (optional)`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={targets[line.productId] ?? ''}
            onChange={(event) =>
              setTargets((current) => ({ ...current, [line.productId]: event.target.value }))
            }
          />
        ))}
      {shown && <Alert severity="error">{shown}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={send.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
