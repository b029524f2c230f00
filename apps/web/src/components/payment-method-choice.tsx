import {
  paymentTermsLabels,
  TERMS_DAYS,
  type PaymentMethod,
  type PaymentTerms,
} from '@shop/shared';
import { ApiError } from '../lib/api-error';
import { formatPrice } from '../lib/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import styles from './payment-method-choice.module.css';

/** The buyer's company pays on account (issue 30): its net terms, and whether it is on hold. */
export interface AccountTerms {
  terms: Exclude<PaymentTerms, 'card'>;
  onHold: boolean;
  /** Why it is on hold (the admin's hold, or an invoice long overdue), as the server words it. */
  holdReason?: string | null;
}

/**
 * The credit a 409 of a purchase on account says is left (dollars), or null when the error is
 * not that refusal: the page then offers the card (decision 044).
 */
export function creditLeft(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const available = (error.body as { available?: unknown } | undefined)?.available;
  return typeof available === 'number' ? available : null;
}

interface PaymentMethodChoiceProps {
  /** Null: the buyer's company pays by card, so there is nothing to choose and nothing shows. */
  account: AccountTerms | null;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

/**
 * How a member of a company with net terms pays: by card now, or on the company's account
 * (invoiced now, due in the terms' days, shipped without waiting). The cart and Buy Now show the
 * same choice; on hold, the account is not offered and the buyer is told why.
 */
export function PaymentMethodChoice({ account, value, onChange }: PaymentMethodChoiceProps) {
  if (!account) return null;
  if (account.onHold) {
    return (
      <Alert severity="info" role="status" data-testid="account-on-hold">
        {account.holdReason ?? (
          <>
            Your company&apos;s account is on hold, so this order is paid by card. Your
            company&apos;s owner can settle the account to buy on account again.
          </>
        )}
      </Alert>
    );
  }
  const label = paymentTermsLabels[account.terms];
  const choices: { method: PaymentMethod; name: string; detail: string }[] = [
    { method: 'card', name: 'Card', detail: 'Pay now by card; the order ships once paid.' },
    {
      method: 'account',
      name: `On account (${label})`,
      detail: `Invoiced to your company now, due in ${TERMS_DAYS[account.terms]} days; ships without waiting for payment.`,
    },
  ];
  return (
    <fieldset className={styles.group} data-testid="payment-method">
      <legend className={styles.legend}>Payment</legend>
      {choices.map((choice) => (
        <label key={choice.method} className={styles.choice}>
          <input
            type="radio"
            name="payment-method"
            value={choice.method}
            checked={value === choice.method}
            onChange={() => onChange(choice.method)}
            className={styles.radio}
          />
          <span className={styles.text}>
            <span className={styles.name}>{choice.name}</span>
            <span className={styles.detail}>{choice.detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Your company has $1,460 of credit left: pay by card instead?" with the button that switches. */
export function CreditRefusedNotice({
  available,
  onUseCard,
}: {
  available: number;
  onUseCard: () => void;
}) {
  return (
    <Alert
      severity="warning"
      data-testid="credit-refused"
      title={`This order is above your company's available credit of ${formatPrice(available)}.`}
    >
      <p className={styles.note}>Nothing was ordered. You can pay this order by card instead.</p>
      <Button variant="outlined" size="small" onClick={onUseCard}>
        Pay by card instead
      </Button>
    </Alert>
  );
}
