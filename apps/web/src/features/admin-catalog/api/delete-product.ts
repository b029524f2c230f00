import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../catalog/api';

const productDeletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});

/** DELETE /item/{id} (admin). */
export async function deleteProduct(id: string): Promise<void> {
  await apiRequest(`/item/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: productDeletedSchema,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
