import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import { serve } from './endpoint.js';
import type { OrderContext } from '../modules/orders/context.js';
import { checkout } from '../workflows/buying/routes-adapters.js';
import type { InvoiceSettings } from '../modules/orders/purchase-invoice.js';
import { invoicePdf } from '../modules/orders/purchase-invoice.js';
import { recordPurchasePayment } from '../modules/orders/purchase-payment.js';
import { listOwnPurchases, ownPurchaseChanges } from '../modules/orders/purchase-reading.js';
import { refuseFiltersWithSync } from '../http/sync-query.js';
import { withdrawPurchase } from '../modules/orders/purchase-withdraw.js';
import { shipPurchase } from '../modules/orders/shipments.js';
import { readPurchase } from '../workflows/buying/reading.js';
import { previewPurchase } from '../workflows/buying/preview.js';

export interface PurchaseRoutesOptions {
  ctx: OrderContext;
  guards: Guards;
  invoices: InvoiceSettings;
}

const { purchases } = api;

/** The purchase endpoints of DESIGN section 8, registered from their contracts. */
export const purchaseRoutes: FastifyPluginAsync<PurchaseRoutesOptions> = async (
  app,
  { ctx, guards, invoices },
) => {
  // Purchases are personal: no cache may keep one.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  serve(app, guards, purchases.checkout, async (request) => {
    return checkout(ctx, currentUser(request), request.body);
  });

  serve(app, guards, purchases.preview, async (request) =>
    previewPurchase(ctx, currentUser(request), request.body),
  );

  serve(app, guards, purchases.listOwn, async (request) => {
    const { updatedSince, email, page, limit, status, q } = request.query;
    if (updatedSince === undefined) {
      return listOwnPurchases(ctx.db, currentUser(request), email, { page, limit }, { status, q });
    }
    refuseFiltersWithSync(page, { status, q });
    return ownPurchaseChanges(ctx.db, currentUser(request), email, { since: updatedSince, limit });
  });

  serve(app, guards, purchases.get, async (request) =>
    readPurchase(ctx.db, currentUser(request), request.params.id),
  );

  serve(app, guards, purchases.recordPayment, async (request) =>
    recordPurchasePayment(ctx, currentUser(request), request.params.id, request.body.transactionId),
  );

  serve(app, guards, purchases.withdraw, async (request) =>
    withdrawPurchase(ctx.db, currentUser(request), request.params.id),
  );

  serve(app, guards, purchases.ship, async (request) =>
    shipPurchase(ctx.db, currentUser(request), request.params.id, request.body),
  );

  serve(app, guards, purchases.invoice, async (request, reply) => {
    const { fileName, pdf } = await invoicePdf(
      ctx.db,
      invoices,
      currentUser(request),
      request.params.id,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
};
