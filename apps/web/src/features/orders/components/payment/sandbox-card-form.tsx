import { Alert } from '../../../../components/ui/alert';
import { Chip } from '../../../../components/ui/chip';
import { TextField } from '../../../../components/ui/text-field';
import { useState, type ChangeEvent } from 'react';
import { confirmSandboxPayment, type SandboxCard } from '../../api/confirm-sandbox-payment';
import { CardFormLayout } from './card-form-layout';
import { GENERIC_CARD_ERROR, type CardFormProps } from './card-form-types';
import styles from './card-form.module.css';

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The fields checked here are only "complete enough to send", in Stripe's words; whether the
 * card pays is the gateway's answer, whose message the form shows as it is.
 */
export function readCard(fields: CardFields): SandboxCard | string {
  const number = fields.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return 'Your card number is incomplete.';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.expiry.trim());
  const expMonth = Number(expiry?.[1]);
  if (!expiry || expMonth < 1 || expMonth > 12) return "Your card's expiration date is incomplete.";
  const year = Number(expiry[2]);
  const cvc = fields.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) return "Your card's security code is incomplete.";
  return { number, expMonth, expYear: year < 100 ? 2000 + year : year, cvc };
}

/** "4242424242424242" -> "4242 4242 4242 4242", as a card shows it. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * DESIGN section 6, sandbox gateway: the shop's own card fields, plainly marked TEST MODE, that
 * the server treats the way Stripe's test mode treats its published test cards.
 */
export function SandboxCardForm({ clientSecret, billingDetails, onSucceeded }: CardFormProps) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const update = (name: keyof CardFields) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = name === 'number' ? groupDigits(event.target.value) : event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const pay = async () => {
    if (!clientSecret) return;
    const card = readCard(fields);
    if (typeof card === 'string') {
      setError(card);
      return;
    }
    setError(null);
    setProcessing(true);
    try {
      const intent = await confirmSandboxPayment(clientSecret, card, billingDetails);
      onSucceeded(intent.id);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : GENERIC_CARD_ERROR);
      setProcessing(false);
    }
  };

  return (
    <CardFormLayout
      error={error}
      ready={clientSecret !== null}
      processing={processing}
      onSubmit={() => void pay()}
    >
      <Alert severity="warning" data-testid="test-mode">
        <p className={styles.testMode}>
          <Chip label="TEST MODE" color="warning" size="small" className={styles.testModeChip} />
          No real money is taken.
        </p>
        <p className={styles.testCards}>
          Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Use any future
          expiry date and any 3-digit CVC.
        </p>
      </Alert>
      <TextField
        label="Card number"
        value={fields.number}
        onChange={update('number')}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        maxLength={23}
        fullWidth
      />
      <div className={styles.row}>
        <TextField
          label="Expiry (MM/YY)"
          value={fields.expiry}
          onChange={update('expiry')}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          inputMode="numeric"
          maxLength={7}
          fullWidth
        />
        <TextField
          label="CVC"
          value={fields.cvc}
          onChange={update('cvc')}
          autoComplete="cc-csc"
          placeholder="123"
          inputMode="numeric"
          maxLength={4}
          fullWidth
        />
      </div>
    </CardFormLayout>
  );
}
