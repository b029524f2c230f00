import { Readable } from 'node:stream';
import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import { serve } from './endpoint.js';
import type { OrderContext } from '../modules/orders/context.js';
import {
  adminOrderChanges,
  adminOrdersCsv,
  listAdminOrders,
} from '../modules/orders/admin-list.js';
import { refuseFiltersWithSync } from '../http/sync-query.js';
import { recordPayment } from '../modules/orders/payment.js';
import { buyNow } from '../workflows/buying/routes-adapters.js';
import { listAllOrders, listOwnOrders, readOrder } from '../modules/orders/reading.js';
import { cancelOwnOrder, deleteOrderAsAdmin } from '../modules/orders/removal.js';
import { shipOrder } from '../modules/orders/shipping.js';

export interface OrderRoutesOptions {
  ctx: OrderContext;
  guards: Guards;
}

const { orders } = api;

/** The order endpoints of DESIGN section 5, registered from their contracts. */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, { ctx, guards }) => {
  // Orders are personal: no cache may keep one.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  serve(app, guards, orders.place, async (request) =>
    buyNow(ctx, currentUser(request), request.body),
  );

  serve(app, guards, orders.listOwn, async (request) =>
    listOwnOrders(ctx.db, currentUser(request), request.query.email, {
      page: request.query.page,
      limit: request.query.limit,
    }),
  );

  serve(app, guards, orders.get, async (request) =>
    readOrder(ctx.db, currentUser(request), request.params.id),
  );

  serve(app, guards, orders.recordPayment, async (request) =>
    recordPayment(ctx, currentUser(request), request.params.id, request.body),
  );

  serve(app, guards, orders.cancel, async (request) =>
    cancelOwnOrder(ctx, currentUser(request), request.params.id),
  );

  serve(app, guards, orders.listAll, async (request) => listAllOrders(ctx.db, request.query));

  serve(app, guards, orders.adminList, async (request) => {
    const { page, limit, updatedSince, ...filter } = request.query;
    if (updatedSince === undefined) return listAdminOrders(ctx.db, filter, { page, limit });
    refuseFiltersWithSync(page, filter);
    return adminOrderChanges(ctx.db, { since: updatedSince, limit });
  });

  serve(app, guards, orders.adminCsv, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    // Streamed: rows go out as they are read. A database failure midway can no longer change the
    // status, so it cuts the download short, which the browser reports as a failed download.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .send(Readable.from(adminOrdersCsv(ctx.db, request.query)));
  });

  serve(app, guards, orders.ship, async (request) =>
    shipOrder(ctx.db, currentUser(request), request.params.id, {
      carrier: request.body?.carrier ?? null,
      trackingNumber: request.body?.trackingNumber ?? null,
    }),
  );

  serve(app, guards, orders.remove, async (request) =>
    deleteOrderAsAdmin(ctx, currentUser(request), request.params.id),
  );
};
