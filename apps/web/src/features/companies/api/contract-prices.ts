import {
  contractPriceImportReportSchema,
  contractPriceSchema,
  deletedSchema,
  pageOf,
  type ContractPrice,
  type ContractPriceImportReport,
} from '@shop/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';
import { companyKeys } from './company-keys';

const pricePageSchema = pageOf(contractPriceSchema);

export interface ContractPricePage {
  items: ContractPrice[];
  total: number;
  page: number;
  limit: number;
}

/** Contract prices a page of the company's table shows. */
export const CONTRACT_PRICES_PAGE = 50;

/** GET /companies/{id}/prices: the company's contract prices, by part number, a page at a time. */
export function getContractPrices(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<ContractPricePage> {
  return call(
    routes.companies.prices,
    { params: { id }, query: { page: String(page), limit: String(CONTRACT_PRICES_PAGE) } },
    { schema: pricePageSchema, signal },
  );
}

export const contractPricesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: companyKeys.prices(id, page),
    queryFn: ({ signal }) => getContractPrices(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useContractPrices(id: string, page: number) {
  return useQuery(contractPricesQueryOptions(id, page));
}

export interface SetPriceVariables {
  companyId: string;
  productId: string;
  price: number;
}

/** PUT /companies/{id}/prices/{productId}: the company's unit price for a product. */
export function setContractPrice({
  companyId,
  productId,
  price,
}: SetPriceVariables): Promise<ContractPrice> {
  return call(
    routes.companies.putPrice,
    { params: { id: companyId, productId }, body: { price } },
    { schema: contractPriceSchema },
  );
}

export interface RemovePriceVariables {
  companyId: string;
  productId: string;
}

/** DELETE /companies/{id}/prices/{productId}: back to list prices for that product. */
export async function removeContractPrice({
  companyId,
  productId,
}: RemovePriceVariables): Promise<void> {
  await call(
    routes.companies.removePrice,
    { params: { id: companyId, productId } },
    { schema: deletedSchema },
  );
}

export interface ImportPricesVariables {
  companyId: string;
  csv: string;
  dryRun: boolean;
}

/** POST /companies/{id}/prices/import: a dry run reports; an apply sets all or none. */
export function importContractPrices({
  companyId,
  csv,
  dryRun,
}: ImportPricesVariables): Promise<ContractPriceImportReport> {
  return call(
    routes.companies.importPrices,
    { params: { id: companyId }, body: { csv, dryRun } },
    { schema: contractPriceImportReportSchema },
  );
}

/**
 * A price written changes the company's list (and its count in the admin list) and what the
 * catalogue answers its members.
 */
function useRefreshPrices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
}

export function useSetContractPrice() {
  const refresh = useRefreshPrices();
  return useMutation({ mutationFn: setContractPrice, onSuccess: refresh });
}

export function useRemoveContractPrice() {
  const refresh = useRefreshPrices();
  return useMutation({ mutationFn: removeContractPrice, onSuccess: refresh });
}

export function useImportContractPrices() {
  const refresh = useRefreshPrices();
  return useMutation({
    mutationFn: importContractPrices,
    onSuccess: (report) => (report.dryRun ? undefined : refresh()),
  });
}
