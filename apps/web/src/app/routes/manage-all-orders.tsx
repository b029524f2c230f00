import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '../../features/catalog/api';
import { ManageAllOrdersPage } from '../../features/orders/components/manage-all-orders-page';

/** The orders feature deletes; the catalogue's products then show the stock that came back. */
export default function ManageAllOrdersRoute() {
  const queryClient = useQueryClient();
  const refreshProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
  return <ManageAllOrdersPage onStockReleased={refreshProducts} />;
}
