import { messages } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { CART_PATH } from '../../lib/cart-store';
import { productKeys } from '../../lib/product-keys';
import { notify } from '../../components/ui/toast';
import { usePurchase } from '../../features/orders/api/purchases';
import { PLACED_PARAM } from '../../features/orders/placed';
import { PurchaseDetails } from '../../features/orders/components/purchase-details';
import { ApprovalDecision } from '../../features/companies/components/approval-decision';

/**
 * The purchase form sends the buyer here with `?placed=1` (a full page load: the form's page is
 * a server-rendered document, so no toast can travel with it). SPEC's success toast is shown
 * here once, and the marker leaves the address so a reload does not repeat it. Answers whether
 * the buyer came from placing the order, for the page's own note.
 */
function usePlacedToast(): boolean {
  const [params, setParams] = useSearchParams();
  const placed = params.has(PLACED_PARAM);
  const [arrivedPlaced] = useState(placed);
  const shown = useRef(false);
  useEffect(() => {
    if (!placed || shown.current) return;
    shown.current = true;
    notify.success(messages.orderPlaced);
    setParams(
      (current) => {
        current.delete(PLACED_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [placed, setParams]);
  return arrivedPlaced;
}

/**
 * /dashboard/purchases/{id}: one purchase, for its buyer, an admin, or an owner or approver of
 * its company, who approves or rejects it here while it waits (issue 28).
 */
export default function PurchaseDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purchase = usePurchase(id);
  const justPlaced = usePlacedToast();

  if (purchase.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the purchase" role="status">
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rectangular" height={160} />
      </div>
    );
  }
  if (purchase.error) {
    // Also what a purchase whose every line was cancelled answers: it is gone.
    const missing =
      purchase.error instanceof ApiError &&
      (purchase.error.status === 404 || purchase.error.status === 400);
    return missing ? (
      <Alert
        severity="warning"
        action={
          <ButtonLink href="/dashboard/myorders" color="inherit" size="small">
            Back to My Orders
          </ButtonLink>
        }
      >
        This purchase does not exist, or every line of it was cancelled.
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
    <PurchaseDetails
      purchase={purchase.data}
      justPlaced={justPlaced}
      onReordered={() => void navigate(CART_PATH)}
      onStockReleased={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
      // The server adds the buyer's spending for an owner or approver of the company only.
      decision={
        purchase.data.buyerSpending && purchase.data.status === 'awaiting_approval' ? (
          <ApprovalDecision purchase={purchase.data} />
        ) : undefined
      }
    />
  );
}
