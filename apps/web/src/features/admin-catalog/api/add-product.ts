import { productCreatedSchema, type Product, type ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';

/** Adds a product (admin): the numbers are already integers (SPEC section 5). */
export async function addProduct(input: ProductInput): Promise<Product> {
  const answer = await call(
    routes.catalog.create,
    { body: input },
    { schema: productCreatedSchema },
  );
  return answer.product;
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
