import { quotePagePath, quoteRequestSchema } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { TextField } from '../../../components/ui/text-field';
import type { CartLine } from '../../../lib/cart-store';
import { useRequestQuote } from '../api/quotes';
import styles from './quotes.module.css';

/**
 * The cart's other way out (issue 31): instead of buying at today's prices, ask the shop for a
 * price on the cart's lines, with a message; the quote's page opens. The cart stays as it is.
 */
export function RequestQuote({ lines }: { lines: CartLine[] }) {
  const headingId = useId();
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quoteRequestSchema.safeParse({
      lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      ...(message.trim() ? { message } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    request.mutate(parsed.data, {
      onSuccess: (quote) => void navigate(quotePagePath(quote._id)),
    });
  };

  const shown = problem ?? request.error?.message;
  return (
    <section aria-labelledby={headingId} className={cx(cardStyles.card, styles.section)}>
      <h2 id={headingId} className={text.h4}>
        Need a better price?
      </h2>
      <form noValidate onSubmit={submit} aria-label="Request a quote" className={styles.form}>
        <p className={styles.secondary}>
          Ask us for a quote on these lines: we answer with an offer you can accept here.
        </p>
        <TextField
          label="Message (optional)"
          multiline
          minRows={2}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          fullWidth
        />
        {shown && <Alert severity="error">{shown}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="outlined" loading={request.isPending}>
            Request a quote
          </Button>
        </div>
      </form>
    </section>
  );
}
