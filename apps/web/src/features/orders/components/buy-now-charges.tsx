import type { Checkout } from '@shop/shared';
import { useEffect } from 'react';
import { ChargeSummary } from '../../../components/charge-summary';
import { Alert } from '../../../components/ui/alert';
import { useCheckoutPreview } from '../../../lib/checkout-preview';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { BuyNowSubtotal } from './buy-now-subtotal';

interface BuyNowChargesProps {
  /** The one line, phone and address typed: what POST /order would be charged for. */
  body: Checkout;
  /** The goods in cents (SPEC's quantity times unit price), shown until the charge is known. */
  goods: number;
  /** The charged total in cents once known, null while it is not: the approval notice adds it. */
  onCharged: (cents: number | null) => void;
}

/**
 * What buying the line would charge (issue 29, docs/decisions/041): the server's preview, with
 * shipping (the cheapest method) and tax. A chunk of its own, loaded once a phone and address
 * are typed, so the purchase page's first load carries none of it (its budget,
 * bundle-budget.spec.ts).
 */
export default function BuyNowCharges({ body, goods, onCharged }: BuyNowChargesProps) {
  const { preview, pending, error } = useCheckoutPreview(body);
  const total = preview ? Math.round(preview.total * 100) : null;
  useEffect(() => {
    onCharged(total);
    return () => onCharged(null);
  }, [total, onCharged]);
  // The server's rules for the phone and address say so on Purchase; until then, no charge.
  const incomplete = error !== null && serverFieldErrors(error, ['number', 'address']).length > 0;
  return (
    <>
      {preview ? (
        <ChargeSummary charges={preview} label="Order total" totalTestId="charge-total" />
      ) : (
        <BuyNowSubtotal goods={goods} pending={pending && !incomplete} />
      )}
      {error && !incomplete && (
        <Alert severity="error" title={error.message} data-testid="preview-error" />
      )}
    </>
  );
}
