import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '../../features/catalog/api';
import { MyOrdersPage } from '../../features/orders/components/my-orders-page';

/** The orders feature cancels; the catalogue's products then show the stock that came back. */
export default function MyOrdersRoute() {
  const queryClient = useQueryClient();
  const refreshProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
  return <MyOrdersPage onStockReleased={refreshProducts} />;
}
