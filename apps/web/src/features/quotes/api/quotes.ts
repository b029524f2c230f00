import {
  quoteAcceptedSchema,
  quoteCreatedSchema,
  quoteListSchema,
  quoteSchema,
  type Quote,
  type QuoteAccept,
  type QuoteAccepted,
  type QuoteMessageBody,
  type QuoteOffer,
  type QuoteRequest,
  type QuoteStatus,
} from '@shop/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, download, routes } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';
import { usePreview } from '../../../lib/checkout-preview';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';

/** Quotes a page of the list shows. */
export const QUOTES_PAGE = 20;

/** The quotes' list as the URL keeps it. */
export interface QuotesView {
  status: QuoteStatus | null;
  q: string;
  page: number;
}

/** Every quote query key starts with 'quotes', so one invalidation refreshes list and quote. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (view: QuotesView) => ['quotes', 'list', view.status ?? 'all', view.q, view.page] as const,
  one: (id: string) => ['quotes', 'one', id] as const,
};

/** GET /quotes: a page of the quotes the caller may see, newest first. */
export function useQuotes(view: QuotesView) {
  const { hasAccessToken } = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: quoteKeys.list(view),
      queryFn: ({ signal }) =>
        call(
          routes.quotes.list,
          {
            query: {
              page: String(view.page),
              limit: String(QUOTES_PAGE),
              ...(view.status ? { status: view.status } : {}),
              ...(view.q ? { q: view.q } : {}),
            },
          },
          { schema: quoteListSchema, signal },
        ),
      placeholderData: keepPreviousData,
    }),
    enabled: hasAccessToken,
  });
}

/** GET /quote/{id}: the quote, its offers and its thread. */
export function useQuote(id: string) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: quoteKeys.one(id),
    queryFn: ({ signal }) =>
      call(routes.quotes.get, { params: { id } }, { schema: quoteSchema, signal }),
    enabled: hasAccessToken && id !== '',
  });
}

/** After any change: the quote's answer is the new quote, and the list reads it again. */
function useSettleQuote() {
  const queryClient = useQueryClient();
  return (quote: Quote) => {
    queryClient.setQueryData(quoteKeys.one(quote._id), quote);
    return queryClient.invalidateQueries({ queryKey: quoteKeys.all });
  };
}

/** One Idempotency-Key per request: a double press or a retry asks once. */
const requests = attemptKeys();

/** POST /quotes: the buyer asks for a price on lines. */
export function useRequestQuote() {
  const settle = useSettleQuote();
  return useMutation({
    mutationFn: (request: QuoteRequest): Promise<Quote> =>
      requests(request, (idempotencyKey) =>
        call(
          routes.quotes.create,
          { body: request },
          { schema: quoteCreatedSchema, idempotencyKey },
        ),
      ),
    onSuccess: settle,
  });
}

/** POST /quote/{id}/messages: a message in the thread, with the buyer's new target prices. */
export function useQuoteMessage(id: string) {
  const settle = useSettleQuote();
  return useMutation({
    mutationFn: (body: QuoteMessageBody): Promise<Quote> =>
      call(routes.quotes.message, { params: { id }, body }, { schema: quoteSchema }),
    onSuccess: settle,
  });
}

/** PUT /quote/{id}/offer (admin): a new version of prices. */
export function useMakeOffer(id: string) {
  const settle = useSettleQuote();
  return useMutation({
    mutationFn: (body: QuoteOffer): Promise<Quote> =>
      call(routes.quotes.offer, { params: { id }, body }, { schema: quoteSchema }),
    onSuccess: settle,
  });
}

/** Order query keys start with 'orders' (features/orders): My Orders shows the new purchase. */
const ORDERS_KEY = ['orders'] as const;

/** PUT /quote/{id}/accept: the latest offer becomes a purchase. */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  const settle = useSettleQuote();
  return useMutation({
    mutationFn: (body: QuoteAccept): Promise<QuoteAccepted> =>
      call(routes.quotes.accept, { params: { id }, body }, { schema: quoteAcceptedSchema }),
    onSuccess: async ({ purchase: _purchase, ...quote }) => {
      await Promise.all([settle(quote), queryClient.invalidateQueries({ queryKey: ORDERS_KEY })]);
    },
  });
}

/**
 * POST /quote/{id}/preview: what accepting with `body` would charge (the offer's lines at its
 * prices, shipping and the methods to choose from, tax, total); null while nothing can be priced.
 */
export function useQuotePreview(id: string, body: QuoteAccept | null) {
  return usePreview(body, `quote:${id}`, (settled, signal) =>
    call(routes.quotes.preview, { params: { id }, body: settled }, { signal }),
  );
}

/** PUT /quote/{id}/decline. */
export function useDeclineQuote(id: string) {
  const settle = useSettleQuote();
  return useMutation({
    mutationFn: (): Promise<Quote> =>
      call(routes.quotes.decline, { params: { id } }, { schema: quoteSchema }),
    onSuccess: settle,
  });
}

/** Saves one offer of the quote as <number>-v<version>.pdf, as the browser saves a download. */
export async function downloadQuotePdf(quote: Pick<Quote, '_id' | 'number'>, version: number) {
  const blob = await download(routes.quotes.pdf, {
    params: { id: quote._id },
    query: { version: String(version) },
  });
  saveFile(blob, `${quote.number}-v${version}.pdf`);
}
