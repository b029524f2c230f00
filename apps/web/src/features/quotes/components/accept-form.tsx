import {
  formatAddress,
  joinAddressLines,
  quoteAcceptSchema,
  type Location,
  type PaymentMethod,
  type Quote,
  type QuoteAccept,
  type QuoteAccepted,
} from '@shop/shared';
import { useState, type FormEvent } from 'react';
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
import { TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session';
import { useUserInfo } from '../../../lib/user-info';
import { useAcceptQuote, useQuotePreview } from '../api/quotes';
import styles from './quotes.module.css';

/** A typed address instead of a location. */
const OTHER = 'other';

interface AcceptFormProps {
  quote: Quote;
  /** The buyer's company's ship-to locations (none outside a company). */
  locations: Location[];
  /** The company's net terms: the buyer may put it on account. */
  account: AccountTerms | null;
  onAccepted: (accepted: QuoteAccepted) => void;
  onCancel: () => void;
}

/**
 * Accepting the latest offer: where it ships (the quote's location first), a phone number, the
 * shipping method, how it is paid and a PO number; the lines and prices are the offer's. Once the
 * phone and destination are complete it shows what accepting charges (POST /quote/{id}/preview:
 * the offer's goods, shipping and tax), the total the purchase will ask. It names the version
 * read, so a newer offer made meanwhile is refused (409) rather than bought unread.
 */
export function AcceptForm({ quote, locations, account, onAccepted, onCancel }: AcceptFormProps) {
  const accept = useAcceptQuote(quote._id);
  const { user } = useSession();
  const profile = useUserInfo(user?.email);
  const [phone, setPhone] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [poNumber, setPoNumber] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const paymentMethod: PaymentMethod = account && !account.onHold ? method : 'card';

  // The quote's own location, even when it is not among the first locations the list holds.
  const quoteLocation = quote.locationId;
  const listed = quoteLocation === null || locations.some((l) => l._id === quoteLocation);
  const offered = [...locations.map((l) => l._id), ...(listed ? [] : [quoteLocation])];
  const shipTo =
    choice !== null && (choice === OTHER || offered.includes(choice))
      ? choice
      : (quoteLocation ?? offered[0] ?? OTHER);
  const shownPhone = phone ?? profile.data?.number ?? '';
  const shownAddress =
    address ?? profile.data?.shippingAddress ?? profile.data?.billingAddress ?? '';
  const latest = Math.max(...quote.versions.map((version) => version.version));

  // What accepting charges, once the phone and destination are complete; a method picked for one
  // destination is not carried to another (the cheapest that serves the new one is priced).
  const destination =
    shipTo === OTHER ? { address: joinAddressLines(shownAddress) } : { locationId: shipTo };
  const destinationKey = JSON.stringify(destination);
  const [picked, setPicked] = useState<{ destination: string; id: string } | null>(null);
  const methodId = picked?.destination === destinationKey ? picked.id : undefined;
  const priced: QuoteAccept = {
    number: shownPhone,
    ...destination,
    ...(methodId ? { shippingMethod: methodId } : {}),
    version: latest,
  };
  const {
    preview,
    last,
    pending,
    error: previewError,
  } = useQuotePreview(quote._id, quoteAcceptSchema.safeParse(priced).success ? priced : null);
  const options = (preview ?? last)?.shippingOptions ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: QuoteAccept = {
      ...priced,
      // The method the shown total was priced with, so the purchase charges that total.
      ...(preview?.shippingMethod ? { shippingMethod: preview.shippingMethod._id } : {}),
      paymentMethod,
      ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}),
    };
    // Checked by the server's rule; sent as typed (the server applies its own defaults).
    const parsed = quoteAcceptSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    // Not mutate's own onSuccess: the accepted quote re-renders the page without this form
    // before it would run, and an unmounted mutate calls nothing. A refusal shows as accept.error.
    accept.mutateAsync(body).then(onAccepted, () => undefined);
  };

  const available = creditLeft(accept.error);
  const shown = problem ?? (available === null ? accept.error?.message : undefined);
  return (
    <form noValidate onSubmit={submit} aria-label="Accept offer" className={styles.form}>
      <p>
        You accept offer version {latest}: it becomes a purchase at its prices, with shipping and
        tax added.
      </p>
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        value={shownPhone}
        onChange={(event) => setPhone(event.target.value)}
        fullWidth
      />
      {offered.length > 0 && (
        <fieldset className={styles.choices}>
          <legend>Ship to</legend>
          {offered.map((id) => {
            const location = locations.find((l) => l._id === id);
            return (
              <label key={id} className={styles.choice}>
                <input
                  type="radio"
                  name="quote-ship-to"
                  value={id}
                  checked={shipTo === id}
                  onChange={() => setChoice(id)}
                />
                <span>
                  <strong>{location?.name ?? "The quote's location"}</strong>
                  {location && (
                    <span className={styles.secondary}> {formatAddress(location.address)}</span>
                  )}
                </span>
              </label>
            );
          })}
          <label className={styles.choice}>
            <input
              type="radio"
              name="quote-ship-to"
              value={OTHER}
              checked={shipTo === OTHER}
              onChange={() => setChoice(OTHER)}
            />
            <span>
              <strong>Another address</strong>
            </span>
          </label>
        </fieldset>
      )}
      {shipTo === OTHER && (
        <TextField
          label="Address"
          autoComplete="street-address"
          multiline
          minRows={2}
          value={shownAddress}
          onChange={(event) => setAddress(event.target.value)}
          helperText="Where the parts are shipped."
          fullWidth
        />
      )}
      {options.length > 0 && (
        <fieldset className={styles.choices}>
          <legend>Shipping method</legend>
          <ShippingOptionList
            options={options}
            name="quote-shipping-method"
            selectedId={methodId ?? (preview ?? last)?.shippingMethod?._id ?? null}
            onSelect={(option) => setPicked({ destination: destinationKey, id: option._id })}
          />
        </fieldset>
      )}
      {preview ? (
        <ChargeSummary charges={preview} label="Order total" totalTestId="accept-total" />
      ) : pending ? (
        <p role="status" className={styles.secondary} data-testid="preview-pending">
          Working out shipping and tax…
        </p>
      ) : (
        previewError === null && (
          <p className={styles.secondary}>
            Shipping and tax are worked out once the phone number and address are complete.
          </p>
        )
      )}
      {previewError && (
        <Alert severity="error" data-testid="preview-error">
          {previewError.message}
        </Alert>
      )}
      <PaymentMethodChoice account={account} value={paymentMethod} onChange={setMethod} />
      {available !== null && paymentMethod === 'account' && (
        <CreditRefusedNotice available={available} onUseCard={() => setMethod('card')} />
      )}
      <TextField
        label="PO number (optional)"
        value={poNumber}
        onChange={(event) => setPoNumber(event.target.value)}
        fullWidth
      />
      {shown && (
        <Alert severity="error" data-testid="accept-error">
          {shown}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={accept.isPending}>
          Place order
        </Button>
        <Button onClick={onCancel} disabled={accept.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
