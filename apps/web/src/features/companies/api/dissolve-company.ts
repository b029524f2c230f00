import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** DELETE /companies/{id}: the owner dissolves the company (409 while purchases wait). */
export async function dissolveCompany(id: string): Promise<void> {
  await call(routes.companies.dissolve, { params: { id } }, { schema: deletedSchema });
}

export function useDissolveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dissolveCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
