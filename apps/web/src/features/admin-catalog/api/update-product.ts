import { productUpdatedSchema, type Product, type ProductUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';

export interface UpdateProductVariables {
  id: string;
  update: ProductUpdate;
}

/** Changes a product (admin): only the fields that changed, so a restock touches the stock alone. */
export async function updateProduct({ id, update }: UpdateProductVariables): Promise<Product> {
  const answer = await call(
    routes.catalog.update,
    { params: { id }, body: update },
    { schema: productUpdatedSchema },
  );
  return answer.product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product._id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
