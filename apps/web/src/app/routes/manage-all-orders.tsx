import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '../../lib/product-keys';
import { AllOrdersTable } from '../../features/orders/components/all-orders-table';

/** The orders feature deletes; the catalogue's products then show the stock that came back. */
export default function ManageAllOrdersRoute() {
  const queryClient = useQueryClient();
  const refreshProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
  return <AllOrdersTable onStockReleased={refreshProducts} />;
}
