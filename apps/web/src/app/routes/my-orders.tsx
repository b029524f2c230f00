import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '../../lib/product-keys';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';

/** The orders feature cancels; the catalogue's products then show the stock that came back. */
export default function MyOrdersRoute() {
  const queryClient = useQueryClient();
  const refreshProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
  return <MyOrdersTable onStockReleased={refreshProducts} />;
}
