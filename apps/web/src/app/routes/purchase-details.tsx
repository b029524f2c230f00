import { useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { usePurchase } from '../../features/orders/api/purchases';
import { PurchaseDetails } from '../../features/orders/components/purchase-details';

/** /dashboard/purchases/{id}: one purchase, for its buyer or an admin. */
export default function PurchaseDetailsPage() {
  const { id = '' } = useParams();
  const purchase = usePurchase(id);
  if (purchase.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the purchase">
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rectangular" height={160} />
      </div>
    );
  }
  if (purchase.error) {
    return (
      <LoadError
        title="We could not load this purchase."
        error={purchase.error}
        retrying={purchase.isFetching}
        onRetry={() => void purchase.refetch()}
      />
    );
  }
  return <PurchaseDetails purchase={purchase.data} />;
}
