import { taxRatesSchema, type TaxRates, type TaxRatesInput } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { taxKeys } from './tax-keys';

/** GET /admin/tax-rates: the US state rates, with the seller country and nexus states. */
export const getTaxRates = (signal?: AbortSignal): Promise<TaxRates> =>
  call(routes.tax.rates, undefined, { schema: taxRatesSchema, signal });

export function useTaxRates() {
  return useQuery({ queryKey: taxKeys.rates, queryFn: ({ signal }) => getTaxRates(signal) });
}

/** PUT /admin/tax-rates: replaces the table, from rates or from CSV. */
export const replaceTaxRates = (body: TaxRatesInput): Promise<TaxRates> =>
  call(routes.tax.replaceRates, { body }, { schema: taxRatesSchema });

export function useReplaceTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceTaxRates,
    onSuccess: (rates) => queryClient.setQueryData(taxKeys.rates, rates),
  });
}
