import {
  accountInvoicePageSchema,
  accountSchema,
  companyAnswerSchema,
  paymentIntentSchema,
  paymentRecordedSchema,
  receivablesPageSchema,
  type Account,
  type AccountInvoice,
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
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, download, routes } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
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

/**
 * The company's invoices with something left to pay (open, then overdue), for the card payment
 * page to show the ones chosen: a hundred of each, the most one page of the contract gives.
 */
export function useUnpaidInvoices(id: string) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: companyKeys.invoices(id, 'unpaid', 1),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (['overdue', 'open'] as const).map((status) =>
          call(
            routes.companies.invoices,
            { params: { id }, query: { status, page: '1', limit: '100' } },
            { schema: accountInvoicePageSchema, signal },
          ),
        ),
      );
      return pages.flatMap((page) => page.items);
    },
    enabled: hasAccessToken && id !== '',
  });
}

/**
 * POST /create-payment-intent `{ invoiceIds }`: one card payment for what the chosen invoices
 * still ask. The server adds it up and answers the same payment for the same invoices, so asking
 * again, as a query may, charges nothing twice. Keyed by what each invoice asks as the page shows
 * it: when a transfer lowers one meanwhile, the page asks again and the card is charged the new
 * sum, never the one shown before. Outside 'companies', so that refreshing the account after the
 * payment does not ask for a new one.
 */
export const invoicesPaymentIntentQueryOptions = (
  invoices: Pick<AccountInvoice, '_id' | 'amountDue'>[],
) => {
  const invoiceIds = invoices.map((invoice) => invoice._id);
  return queryOptions({
    queryKey: [
      'payment-intent',
      'invoices',
      ...invoices.map((invoice) => `${invoice._id}:${invoice.amountDue}`),
    ] as const,
    queryFn:
      invoiceIds.length > 0
        ? async ({ signal }) =>
            (
              await call(
                routes.payments.createIntent,
                { body: { invoiceIds } },
                { schema: paymentIntentSchema, signal },
              )
            ).clientSecret
        : skipToken,
    staleTime: Infinity,
    // A page opened later asks again, so a secret never outlives the page that used it.
    gcTime: 0,
  });
};

export function useInvoicesClientSecret(invoices: Pick<AccountInvoice, '_id' | 'amountDue'>[]) {
  return useQuery(invoicesPaymentIntentQueryOptions(invoices));
}

/** PUT /companies/{id}/invoices/pay: books the card payment once the gateway took it. */
export function useRecordInvoicesPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transactionId }: { id: string; transactionId: string }) =>
      call(
        routes.companies.payInvoices,
        { params: { id }, body: { transactionId } },
        { schema: paymentRecordedSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** Saves the company's statement of account for `from`..`to` as the browser saves a download. */
export async function downloadStatement(id: string, from: string, to: string): Promise<void> {
  const blob = await download(routes.companies.statement, { params: { id }, query: { from, to } });
  saveFile(blob, `statement-${from}-to-${to}.pdf`);
}

/** The receivables' page as the URL keeps it: `overdue` lists only the companies late. */
export interface ReceivablesView {
  overdue: boolean;
  page: number;
}

const receivablesQuery = ({ overdue }: Pick<ReceivablesView, 'overdue'>) =>
  overdue ? { filter: 'overdue' as const } : {};

/** GET /admin/receivables: a page of companies by how overdue, and the totals. */
export function useReceivables(view: ReceivablesView) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: ['companies', 'receivables', view.overdue, view.page] as const,
    queryFn: ({ signal }) =>
      call(
        routes.companies.receivables,
        {
          query: {
            ...receivablesQuery(view),
            page: String(view.page),
            limit: String(ACCOUNT_PAGE),
          },
        },
        { schema: receivablesPageSchema, signal },
      ),
    placeholderData: keepPreviousData,
    enabled: hasAccessToken,
  });
}

/** Saves the receivables of the view's filter as receivables-<date>.csv. */
export async function downloadReceivablesCsv(view: Pick<ReceivablesView, 'overdue'>) {
  const blob = await download(routes.companies.receivablesCsv, { query: receivablesQuery(view) });
  saveFile(blob, `receivables-${new Date().toISOString().slice(0, 10)}.csv`);
}
