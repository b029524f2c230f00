import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPROVAL_WORDS,
  checkoutFieldsSchema,
  joinAddressLines,
  type Purchase,
  type UserInfo,
} from '@shop/shared';
import { useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApprovalNotice, needsApproval, type Spending } from '../../../components/approval-notice';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { TextField } from '../../../components/ui/text-field';
import type { CartLine } from '../../../lib/cart-store';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSession } from '../../../lib/session/use-session';
import { refusedLines, useCheckout } from '../api/checkout';
import { useUserInfo } from '../../../lib/user-info';
import styles from './cart.module.css';

/** The checkout's own fields, checked with the shared rules the server applies to POST /checkout. */
const contactSchema = checkoutFieldsSchema.pick({
  number: true,
  address: true,
  poNumber: true,
  company: true,
  taxId: true,
});
type ContactInput = z.input<typeof contactSchema>;
type ContactOutput = z.output<typeof contactSchema>;
const FIELDS = ['number', 'address', 'poNumber', 'company', 'taxId'] as const;

const EMPTY: Record<(typeof FIELDS)[number], string> = {
  number: '',
  address: '',
  poNumber: '',
  company: '',
  taxId: '',
};

/** What the profile fills in: its phone, its shipping address (else billing), company, tax id. */
function prefill(profile: UserInfo | null | undefined): typeof EMPTY {
  if (!profile) return EMPTY;
  return {
    ...EMPTY,
    number: profile.number,
    address: profile.shippingAddress ?? profile.billingAddress ?? '',
    company: profile.company ?? '',
    taxId: profile.taxId ?? '',
  };
}

interface CheckoutFormProps {
  /** The lines to order; null while any line of the cart cannot be ordered as it is. */
  lines: CartLine[] | null;
  /** In cents, as the quantity rule priced the lines: what the approval notice adds to the month. */
  total: number;
  /** Why `lines` is null: the one thing to fix before Place order. */
  blocked: string | null;
  /** The member's monthly limit and spend: above it, the purchase waits for approval. */
  spending?: Spending | null;
  /** A 409: nothing was ordered, and these lines (by product id) say why. */
  onRefused: (lines: Map<string, string>) => void;
  onPlaced: (purchase: Purchase) => void;
}

/**
 * The checkout (docs/decisions/018): SPEC's contact fields as on the purchase form, name and
 * email read-only from the session, plus PO number, company and tax id, prefilled from the
 * profile. One POST /checkout for the whole cart.
 */
export function CheckoutForm({
  lines,
  total,
  blocked,
  spending,
  onRefused,
  onPlaced,
}: CheckoutFormProps) {
  const headingId = useId();
  const { user } = useSession();
  const profile = useUserInfo(user?.email);
  const placeOrder = useCheckout();
  // A second press before the first press's re-render has disabled the button is no second order.
  const sending = useRef(false);
  const filled = useMemo(() => prefill(profile.data), [profile.data]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
    // The profile arrives after the form: what it fills in never overwrites what was typed.
    values: filled,
    resetOptions: { keepDirtyValues: true },
  });

  const send = (contact: ContactOutput) => {
    if (!lines || sending.current) return;
    sending.current = true;
    placeOrder.mutate(
      { lines, ...contact },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          onRefused(refusedLines(error));
          for (const { field, message } of serverFieldErrors(error, FIELDS)) {
            setError(field, { message });
          }
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const error = placeOrder.error;
  const refusedCount = refusedLines(error).size;
  const fieldErrors = serverFieldErrors(error, FIELDS).length;
  return (
    <section aria-labelledby={headingId} className={cx(cardStyles.card, styles.box)}>
      <h2 id={headingId} className={text.h4}>
        Checkout
      </h2>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        aria-label="Checkout"
        className={styles.checkoutForm}
      >
        <TextField label="Name" value={user?.displayName ?? ''} readOnly fullWidth />
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly fullWidth />
        <TextField
          {...register('number')}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          error={Boolean(errors.number)}
          helperText={errors.number?.message}
          fullWidth
        />
        <TextField
          {...register('address', { setValueAs: joinAddressLines })}
          label="Address"
          autoComplete="street-address"
          multiline
          minRows={2}
          error={Boolean(errors.address)}
          helperText={errors.address?.message ?? 'Where the parts are shipped.'}
          fullWidth
        />
        <TextField
          {...register('poNumber')}
          label="PO number (optional)"
          error={Boolean(errors.poNumber)}
          helperText={errors.poNumber?.message}
          fullWidth
        />
        <TextField
          {...register('company')}
          label="Company (optional)"
          autoComplete="organization"
          error={Boolean(errors.company)}
          helperText={errors.company?.message}
          fullWidth
        />
        <TextField
          {...register('taxId')}
          label="Tax id (optional)"
          error={Boolean(errors.taxId)}
          helperText={errors.taxId?.message ?? 'VAT number or EIN, printed on the invoice.'}
          fullWidth
        />
        {error && fieldErrors === 0 && (
          <Alert severity="error" title={error.message} data-testid="checkout-error">
            {refusedCount > 0 &&
              `${refusedCount === 1 ? 'One line' : `${refusedCount} lines`} of the cart ` +
                'cannot be ordered: each says why above. Nothing was ordered.'}
          </Alert>
        )}
        {blocked && (
          <Alert severity="info" role="status">
            {blocked}
          </Alert>
        )}
        {lines && <ApprovalNotice spending={spending} total={total} />}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!lines}
          loading={placeOrder.isPending}
        >
          {lines && needsApproval(spending, total) ? APPROVAL_WORDS.button : 'Place order'}
        </Button>
      </form>
    </section>
  );
}
