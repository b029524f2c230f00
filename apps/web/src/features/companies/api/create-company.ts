import { companyAnswerSchema, type Company, type CompanyInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** POST /companies: the caller founds a company and becomes its owner. */
export function createCompany(input: CompanyInput): Promise<Company> {
  return call(routes.companies.create, { body: input }, { schema: companyAnswerSchema });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.mine, company);
      return queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}
