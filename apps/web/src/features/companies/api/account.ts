import {
  accountInvoicePageSchema,
  accountSchema,
  companyAnswerSchema,
  paymentRecordedSchema,
  type Account,
  type AccountInvoicePage,
  type BankPayment,
  type Company,
  type InvoiceStatus,
  type PaymentRecorded,
  type TermsInput,
} from '@shop/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';
import { useSession } from '../../../lib/session';
import { companyKeys } from './company-keys';

/** Ledger entries and invoices a page of the account shows. */
export const ACCOUNT_PAGE = 20;

/** GET /companies/{id}/account: limit, balance, available, overdue and a page of the ledger. */
export function getAccount(id: string, page: number, signal?: AbortSignal): Promise<Account> {
  return call(
    routes.companies.account,
    { params: { id }, query: { page: String(page), limit: String(ACCOUNT_PAGE) } },
    { schema: accountSchema, signal },
  );
}

export function useAccount(id: string, page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: companyKeys.account(id, page),
      queryFn: ({ signal }) => getAccount(id, page, signal),
      placeholderData: keepPreviousData,
    }),
    enabled: hasAccessToken,
  });
}

/** GET /companies/{id}/invoices: the invoices on account of one status (all when null). */
export function getInvoices(
  id: string,
  status: InvoiceStatus | null,
  page: number,
  signal?: AbortSignal,
): Promise<AccountInvoicePage> {
  return call(
    routes.companies.invoices,
    {
      params: { id },
      query: {
        page: String(page),
        limit: String(ACCOUNT_PAGE),
        ...(status ? { status } : {}),
      },
    },
    { schema: accountInvoicePageSchema, signal },
  );
}

export function useInvoices(id: string, status: InvoiceStatus | null, page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: companyKeys.invoices(id, status ?? 'all', page),
      queryFn: ({ signal }) => getInvoices(id, status, page, signal),
      placeholderData: keepPreviousData,
    }),
    enabled: hasAccessToken,
  });
}

/** PUT /admin/companies/{id}/terms: the admin sets terms, credit limit and hold, all three. */
export function useSetTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, terms }: { id: string; terms: TermsInput }): Promise<Company> =>
      call(
        routes.companies.putTerms,
        { params: { id }, body: terms },
        { schema: companyAnswerSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** One Idempotency-Key per transfer: a double press or a retry records it once. */
const transfers = attemptKeys();

/** POST /admin/companies/{id}/payments: the admin records a bank transfer. */
export function useRecordTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payment }: { id: string; payment: BankPayment }): Promise<PaymentRecorded> =>
      transfers({ id, payment }, (idempotencyKey) =>
        call(
          routes.companies.recordBankPayment,
          { params: { id }, body: payment },
          { schema: paymentRecordedSchema, idempotencyKey },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
