import { useQuery } from '@tanstack/react-query';
import { productQueryOptions, productsQueryOptions } from '../../lib/catalogue-query';

export {
  getProduct,
  getProducts,
  productQueryOptions,
  productSearchQueryOptions,
  productsQueryOptions,
} from '../../lib/catalogue-query';

export function useProducts() {
  return useQuery(productsQueryOptions());
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
