import { idSchema, productSchema, type Product, type ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api';

const productAddedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  product: productSchema,
});

/** POST /item (admin): the numbers are already integers (SPEC section 5). */
export async function addProduct(input: ProductInput): Promise<Product> {
  const answer = await apiRequest('/item', {
    method: 'POST',
    body: input,
    schema: productAddedSchema,
  });
  return answer.product;
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
