import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPROVAL_WORDS,
  checkoutFieldsSchema,
  checkoutSchema,
  formatAddress,
  joinAddressLines,
  postalAddressSchema,
  type Checkout,
  type PaymentMethod,
  type Location,
  type Purchase,
  type UserInfo,
} from '@shop/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { AddressFields, emptyAddress } from '../../../components/address-fields';
import { ApprovalNotice, needsApproval, type Spending } from '../../../components/approval-notice';
import { ChargeSummary } from '../../../components/charge-summary';
import {
  CreditRefusedNotice,
  PaymentMethodChoice,
  creditLeft,
  type AccountTerms,
} from '../../../components/payment-method-choice';
import { ShippingOptionList } from '../../../components/shipping-option-list';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { TextField } from '../../../components/ui/text-field';
import type { CartLine } from '../../../lib/cart-store';
import { useCheckoutPreview } from '../../../lib/checkout-preview';
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
/** With saved locations: no one-line address; a new address is the structured form (`shipTo`). */
const pickedSchema = contactSchema.omit({ address: true });
const newAddressSchema = pickedSchema.extend({ shipTo: postalAddressSchema });
type ContactInput = z.input<typeof contactSchema> & { shipTo?: ReturnType<typeof emptyAddress> };
type ContactOutput = z.output<typeof contactSchema> & {
  shipTo?: z.output<typeof postalAddressSchema>;
};
const FIELDS = [
  'number',
  'address',
  'poNumber',
  'company',
  'taxId',
  ...(
    ['name', 'company', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const
  ).map((field) => `shipTo.${field}` as const),
] as const;

/** Where it ships: a saved location's id, or `new` for the structured form. */
type ShipToChoice = string;
const NEW_ADDRESS = 'new';

const EMPTY: Record<'number' | 'address' | 'poNumber' | 'company' | 'taxId', string> = {
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
  /**
   * In cents, as the quantity rule priced the lines: what the approval notice adds to the month
   * until the preview's total (shipping and tax included) is known.
   */
  total: number;
  /** Why `lines` is null: the one thing to fix before Place order. */
  blocked: string | null;
  /** The member's monthly limit and spend: above it, the purchase waits for approval. */
  spending?: Spending | null;
  /** The buyer's company's net terms: the checkout offers paying on account. */
  account?: AccountTerms | null;
  /**
   * The company's ship-to locations (issue 29): offered with the first chosen, beside a new
   * address. Without any, the one-line address field stays, as SPEC has it.
   */
  locations?: Location[];
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
  account = null,
  locations = [],
  onRefused,
  onPlaced,
}: CheckoutFormProps) {
  const [method, setMethod] = useState<PaymentMethod>('card');
  // On hold, the account is not offered: the order goes by card whatever was picked before.
  const paymentMethod: PaymentMethod = account && !account.onHold ? method : 'card';
  const shipToId = useId();
  const [choice, setChoice] = useState<ShipToChoice | null>(null);
  const hasLocations = locations.length > 0;
  // The first location until the buyer picks another (or one picked is gone).
  const shipTo: ShipToChoice | null = !hasLocations
    ? null
    : choice === NEW_ADDRESS || locations.some((l) => l._id === choice)
      ? choice
      : locations[0]!._id;
  const mode = shipTo === null ? 'address' : shipTo === NEW_ADDRESS ? 'new' : 'location';
  const headingId = useId();
  const { user } = useSession();
  const profile = useUserInfo(user?.email);
  const placeOrder = useCheckout();
  // A second press before the first press's re-render has disabled the button is no second order.
  const sending = useRef(false);
  const filled = useMemo(() => prefill(profile.data), [profile.data]);
  const displayName = user?.displayName ?? '';
  const startValues = useMemo(
    () => ({ ...filled, shipTo: { ...emptyAddress(), name: displayName } }),
    [filled, displayName],
  );

  // The rules of the fields on show: the one-line address, a location (none), or a new address.
  // useForm takes its options anew at every render, so the resolver follows the choice.
  const resolvers = useMemo(
    () => ({
      address: zodResolver(contactSchema),
      location: zodResolver(pickedSchema),
      new: zodResolver(newAddressSchema),
    }),
    [],
  );
  const resolver: Resolver<ContactInput, unknown, ContactOutput> = (values, context, options) =>
    (resolvers[mode] as unknown as Resolver<ContactInput, unknown, ContactOutput>)(
      values,
      context,
      options,
    );
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver,
    defaultValues: { ...EMPTY, shipTo: emptyAddress() },
    // The profile arrives after the form: what it fills in never overwrites what was typed.
    values: startValues,
    resetOptions: { keepDirtyValues: true },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  // What the order would charge (issue 29): the body POST /checkout would get, once the fields
  // the price depends on are complete, priced by POST /checkout/preview.
  const watched = useWatch({ control: form.control });
  const destination =
    mode === 'address'
      ? { address: watched.address }
      : mode === 'location'
        ? { locationId: shipTo! }
        : { shipTo: watched.shipTo };
  const destinationKey = JSON.stringify(destination);
  // A method picked for one address is not carried to another: the cheapest serves the new one.
  const [picked, setPicked] = useState<{ destination: string; id: string } | null>(null);
  const methodId = picked?.destination === destinationKey ? picked.id : undefined;
  const priceable = lines
    ? checkoutSchema.safeParse({
        lines,
        number: watched.number,
        company: watched.company,
        taxId: watched.taxId,
        ...destination,
      })
    : null;
  const previewBody: Checkout | null = priceable?.success
    ? { ...priceable.data, poNumber: null, ...(methodId ? { shippingMethod: methodId } : {}) }
    : null;
  const { preview, last, pending, error: previewError } = useCheckoutPreview(previewBody);
  useEffect(() => {
    const refused = refusedLines(previewError);
    if (refused.size > 0) onRefused(refused);
  }, [previewError, onRefused]);
  // The last answer's methods stay on show while a new body is priced, not once it cannot be.
  const options = previewBody ? ((preview ?? last)?.shippingOptions ?? []) : [];
  // A refusal the lines show (409) is not repeated here; any other (no method serves it) is.
  const previewProblem =
    previewError && refusedLines(previewError).size === 0 ? previewError : null;
  const chargedCents = preview ? Math.round(preview.total * 100) : total;

  const send = (contact: ContactOutput) => {
    if (!lines || sending.current) return;
    sending.current = true;
    const { address, shipTo: typed, ...rest } = contact;
    const where =
      mode === 'address'
        ? { address }
        : mode === 'location'
          ? { locationId: shipTo! }
          : { shipTo: typed };
    placeOrder.mutate(
      {
        lines,
        ...rest,
        ...where,
        ...(methodId ? { shippingMethod: methodId } : {}),
        ...(paymentMethod === 'account' ? { paymentMethod } : {}),
      },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          onRefused(refusedLines(error));
          for (const { field, message } of serverFieldErrors(error, FIELDS)) {
            setError(field as 'number', { message });
          }
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const error = placeOrder.error;
  const available = creditLeft(error);
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
        {hasLocations ? (
          <fieldset className={styles.shipTo} aria-describedby={shipToId}>
            <legend className={styles.shipToLegend}>Ship to</legend>
            <p id={shipToId} className={styles.shipToHint}>
              One of your company&apos;s locations, or another address.
            </p>
            {locations.map((location) => (
              <label key={location._id} className={styles.shipToOption}>
                <input
                  type="radio"
                  name="ship-to"
                  value={location._id}
                  checked={shipTo === location._id}
                  onChange={() => setChoice(location._id)}
                />
                <span>
                  <strong>{location.name}</strong>
                  <span className={styles.shipToAddress}>{formatAddress(location.address)}</span>
                </span>
              </label>
            ))}
            <label className={styles.shipToOption}>
              <input
                type="radio"
                name="ship-to"
                value={NEW_ADDRESS}
                checked={shipTo === NEW_ADDRESS}
                onChange={() => setChoice(NEW_ADDRESS)}
              />
              <span>
                <strong>Another address</strong>
              </span>
            </label>
            {shipTo === NEW_ADDRESS && (
              <AddressFields
                form={form as unknown as UseFormReturn<ContactInput, unknown, FieldValues>}
                name="shipTo"
                legend="Delivery address"
              />
            )}
          </fieldset>
        ) : (
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
        )}
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
        {(options.length > 0 || (lines && !previewBody) || previewProblem) && (
          <fieldset className={styles.shipTo} data-testid="shipping-methods">
            <legend className={styles.shipToLegend}>Shipping method</legend>
            {options.length > 0 && (
              <ShippingOptionList
                options={options}
                name="shipping-method"
                selectedId={methodId ?? (preview ?? last)?.shippingMethod?._id ?? null}
                onSelect={(option) => setPicked({ destination: destinationKey, id: option._id })}
              />
            )}
            {lines && !previewBody && (
              <p className={styles.shipToHint}>
                Shipping and tax are worked out once the phone number and delivery address are
                complete.
              </p>
            )}
            {previewProblem && (
              <Alert severity="error" title={previewProblem.message} data-testid="preview-error" />
            )}
          </fieldset>
        )}
        {preview ? (
          <ChargeSummary charges={preview} label="Order total" totalTestId="cart-total" />
        ) : (
          previewBody &&
          pending && (
            <p role="status" className={styles.shipToHint} data-testid="preview-pending">
              Working out shipping and tax…
            </p>
          )
        )}
        <PaymentMethodChoice account={account} value={paymentMethod} onChange={setMethod} />
        {available !== null && paymentMethod === 'account' && (
          <CreditRefusedNotice available={available} onUseCard={() => setMethod('card')} />
        )}
        {error && fieldErrors === 0 && available === null && (
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
        {lines && <ApprovalNotice spending={spending} total={chargedCents} />}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!lines}
          loading={placeOrder.isPending}
        >
          {lines && needsApproval(spending, chargedCents) ? APPROVAL_WORDS.button : 'Place order'}
        </Button>
      </form>
    </section>
  );
}
