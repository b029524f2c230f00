import { companyAnswerSchema, type AdminCompanyInput, type Company } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** POST /admin/companies: an admin opens a company; its owner is invited. */
export function adminCreateCompany(input: AdminCompanyInput): Promise<Company> {
  return call(routes.companies.adminCreate, { body: input }, { schema: companyAnswerSchema });
}

export function useAdminCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminCreateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
