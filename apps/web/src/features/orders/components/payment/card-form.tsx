import { lazy, Suspense } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { usePublicConfig } from '../../../../lib/public-config';
import type { CardFormProps } from './card-form-types';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React bindings load only with a payment page, and only when the gateway is
// Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const CARD_FORM_HEIGHT = 240;

/** The card form of the configured gateway (DESIGN section 6): the sandbox's or Stripe's. */
export function CardForm(props: CardFormProps) {
  const config = usePublicConfig();
  if (config.error) {
    return (
      <LoadError
        title="The payment settings could not be loaded."
        error={config.error}
        retrying={config.isFetching}
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (config.isPending) return <Skeleton variant="rounded" height={CARD_FORM_HEIGHT} />;
  const { gateway, publishableKey } = config.data.payment;
  if (gateway === 'sandbox') return <SandboxCardForm {...props} />;
  if (!publishableKey) {
    return (
      <Alert severity="error">Card payments are not set up yet. Please try again later.</Alert>
    );
  }
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={CARD_FORM_HEIGHT} />}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
