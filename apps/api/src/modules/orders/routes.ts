import {
  apiErrorSchema,
  idParamsSchema,
  deletedSchema,
  orderSchema,
  orderUpdateResultSchema,
  placeOrderResultSchema,
  placeOrderSchema,
  recordPaymentSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../../auth/guards.js';
import type { OrderContext } from './context.js';
import { recordPayment } from './payment.js';
import { placeOrder } from './placement.js';
import { listAllOrders, listOwnOrders, readOrder } from './reading.js';
import { cancelOwnOrder, deleteOrderAsAdmin } from './removal.js';
import { shipOrder } from './shipping.js';

export interface OrderRoutesOptions {
  ctx: OrderContext;
  guards: Guards;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * The order endpoints of DESIGN section 5. The guards run on `onRequest`, before the body is
 * parsed: a request without a token gets 401 whatever it sends.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { ctx, guards },
) => {
  const { requireUser, requireAdmin } = guards;
  // Orders are personal: no cache may keep one.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/order',
    {
      onRequest: requireUser,
      schema: { body: placeOrderSchema, response: { 201: placeOrderResultSchema, ...errors } },
    },
    async (request, reply) => {
      const order = await placeOrder(ctx, currentUser(request), request.body);
      return reply.code(201).send({ acknowledged: true, insertedId: order._id, order });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: requireUser,
      schema: {
        querystring: z.object({ email: z.string().max(254).optional() }),
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request) => listOwnOrders(ctx.db, currentUser(request), request.query.email),
  );

  app.get(
    '/order/:id',
    {
      onRequest: requireUser,
      schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => readOrder(ctx.db, currentUser(request), request.params.id),
  );

  app.put(
    '/order/:id',
    {
      onRequest: requireUser,
      schema: {
        params: idParamsSchema,
        body: recordPaymentSchema,
        response: { 200: orderUpdateResultSchema, ...errors },
      },
    },
    async (request) => recordPayment(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/order/:id',
    {
      onRequest: requireUser,
      schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } },
    },
    async (request) => cancelOwnOrder(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/allorders',
    { onRequest: requireAdmin, schema: { response: { 200: z.array(orderSchema), ...errors } } },
    async () => listAllOrders(ctx.db),
  );

  app.put(
    '/shipping/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: orderUpdateResultSchema, ...errors } },
    },
    async (request) => shipOrder(ctx.db, currentUser(request), request.params.id),
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } },
    },
    async (request) => deleteOrderAsAdmin(ctx, currentUser(request), request.params.id),
  );
};
