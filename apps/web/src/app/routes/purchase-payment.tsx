import { messages } from '@shop/shared';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Alert } from '../../components/ui/alert';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../components/ui/toast';
import { usePurchase } from '../../features/orders/api/purchases';
import { PurchasePayment, purchasePath } from '../../features/orders/components/purchase-payment';

/** Why a purchase cannot be paid here, in words rather than a status code. */
function purchaseErrorText(error: Error): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return 'This purchase belongs to another account.';
  if (error.status === 404 || error.status === 400) return 'We could not find this purchase.';
  return null;
}

/**
 * /dashboard/payment/purchase/{id}: pays every unpaid line of a purchase at once, then goes back
 * to the purchase page, where every line now reads Paid.
 */
export default function PurchasePaymentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const purchase = usePurchase(id);

  if (purchase.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the purchase">
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rounded" height={240} />
      </div>
    );
  }
  if (purchase.error) {
    const text = purchaseErrorText(purchase.error);
    return text ? (
      <Alert
        severity="warning"
        action={
          <ButtonLink href="/dashboard/myorders" color="inherit" size="small">
            Back to My Orders
          </ButtonLink>
        }
      >
        {text}
      </Alert>
    ) : (
      <LoadError
        title="We could not load this purchase."
        error={purchase.error}
        retrying={purchase.isFetching}
        onRetry={() => void purchase.refetch()}
      />
    );
  }
  return (
    <PurchasePayment
      purchase={purchase.data}
      onPaid={(paid) => {
        notify.success(messages.paymentCompletedToast);
        void navigate(purchasePath(paid._id));
      }}
    />
  );
}
