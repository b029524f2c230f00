import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { OrderContext } from '../modules/orders/context.js';
import type { InvoiceSettings } from '../modules/orders/purchase-invoice.js';
import { acceptQuote, previewQuote } from '../workflows/quotes/accept.js';
import { quotePdf } from '../workflows/quotes/document.js';
import {
  declineQuote,
  offerQuote,
  readQuote,
  requestQuote,
  writeQuoteMessage,
} from '../workflows/quotes/negotiate.js';
import { listQuotesFor } from '../workflows/quotes/reading.js';
import { serve } from './endpoint.js';

export interface QuoteRoutesOptions {
  ctx: OrderContext;
  guards: Guards;
  invoices: InvoiceSettings;
}

const { quotes } = api;

/** Quotes (issue 31, docs/decisions/052), registered from their contracts. */
export const quoteRoutes: FastifyPluginAsync<QuoteRoutesOptions> = async (
  app,
  { ctx, guards, invoices },
) => {
  serve(app, guards, quotes.create, async (request) =>
    requestQuote(ctx.db, currentUser(request), request.body),
  );
  serve(app, guards, quotes.list, async (request) =>
    listQuotesFor(ctx.db, currentUser(request), request.query),
  );
  serve(app, guards, quotes.get, async (request) =>
    readQuote(ctx.db, currentUser(request), request.params.id),
  );
  serve(app, guards, quotes.message, async (request) =>
    writeQuoteMessage(ctx.db, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, quotes.offer, async (request) =>
    offerQuote(ctx.db, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, quotes.accept, async (request) =>
    acceptQuote(ctx, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, quotes.preview, async (request) =>
    previewQuote(ctx, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, quotes.decline, async (request) =>
    declineQuote(ctx.db, currentUser(request), request.params.id),
  );
  serve(app, guards, quotes.pdf, async (request, reply) => {
    const { fileName, pdf } = await quotePdf(
      ctx.db,
      invoices,
      currentUser(request),
      request.params.id,
      request.query.version,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
};
