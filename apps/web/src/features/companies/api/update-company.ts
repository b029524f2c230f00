import { companyAnswerSchema, type Company, type CompanyInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

export interface UpdateCompanyVariables {
  id: string;
  changes: Partial<CompanyInput>;
}

/** PUT /companies/{id}: the owner changes the name, tax id or addresses. */
export function updateCompany({ id, changes }: UpdateCompanyVariables): Promise<Company> {
  return call(
    routes.companies.update,
    { params: { id }, body: changes },
    { schema: companyAnswerSchema },
  );
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
