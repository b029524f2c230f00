import { productSchema, type Product, type ProductUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api';

const productUpdatedSchema = z.object({ acknowledged: z.literal(true), product: productSchema });

export interface UpdateProductVariables {
  id: string;
  update: ProductUpdate;
}

/** PUT /item/{id} (admin): only the fields that changed, so a restock touches the stock alone. */
export async function updateProduct({ id, update }: UpdateProductVariables): Promise<Product> {
  const answer = await apiRequest(`/item/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: update,
    schema: productUpdatedSchema,
  });
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
