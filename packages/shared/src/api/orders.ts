import { z } from 'zod';
import { creditRefusedSchema } from '../accounts.js';
import { deletedSchema, idParamsSchema } from '../common.js';
import {
  orderSchema,
  orderUpdateResultSchema,
  placeOrderResultSchema,
  placeOrderSchema,
  recordPaymentSchema,
} from '../orders.js';
import {
  adminOrderFilterSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  shipOrderSchema,
} from '../purchases.js';
import { specListQuerySchema } from '../paging.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Orders, from placing to shipping (SPEC sections 3, 4 and 5; DESIGN section 5). */

export const place = endpoint({
  method: 'POST',
  path: '/order',
  summary: 'Place an order: price and product copy come from the product, stock is reserved',
  access: 'user',
  scope: 'purchases:write',
  body: placeOrderSchema,
  idempotent: true,
  responses: {
    201: placeOrderResultSchema,
    409: z.union([creditRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 403, 404, 422),
  },
});

export const listOwn = endpoint({
  method: 'GET',
  path: '/orders',
  summary: 'Your orders, newest first: at most 100 an answer, `page` for the rest',
  access: 'user',
  scope: 'purchases:read',
  who: 'self only (the email, if given, must be yours)',
  query: specListQuerySchema.extend({ email: z.string().max(254).optional() }),
  responses: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
});

export const get = endpoint({
  method: 'GET',
  path: '/order/{id}',
  summary: 'One order',
  access: 'user',
  scope: 'purchases:read',
  who: 'owner or admin',
  params: idParamsSchema,
  responses: { 200: orderSchema, ...errors(400, 401, 403, 404) },
});

export const recordPayment = endpoint({
  method: 'PUT',
  path: '/order/{id}',
  summary: 'Mark an order paid once the gateway confirms the payment',
  access: 'user',
  who: 'owner',
  params: idParamsSchema,
  body: recordPaymentSchema,
  responses: { 200: orderUpdateResultSchema, ...errors(400, 401, 403, 404, 409) },
});

export const cancel = endpoint({
  method: 'DELETE',
  path: '/order/{id}',
  summary: 'Cancel your unpaid order (its stock is released)',
  access: 'user',
  scope: 'purchases:write',
  who: 'owner, unpaid only',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const listAll = endpoint({
  method: 'GET',
  path: '/allorders',
  summary: 'Every order, newest first: at most 100 an answer, `page` for the rest',
  access: 'admin',
  scope: 'orders:read',
  query: specListQuerySchema,
  responses: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
});

export const ship = endpoint({
  method: 'PUT',
  path: '/shipping/{id}',
  summary: 'Mark a paid order shipped, with its carrier and tracking number if given',
  access: 'admin',
  scope: 'orders:write',
  who: 'admin, paid orders only',
  params: idParamsSchema,
  body: shipOrderSchema,
  responses: { 200: orderUpdateResultSchema, ...errors(400, 401, 403, 404, 409) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/delete/{id}',
  summary: 'Delete an unpaid order (its stock is released)',
  access: 'admin',
  who: 'admin, unpaid only',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const adminList = endpoint({
  method: 'GET',
  path: '/admin/orders',
  summary: 'Orders, searched, filtered by status and paged, newest first',
  access: 'admin',
  scope: 'orders:read',
  query: adminOrderQuerySchema,
  responses: { 200: adminOrderPageSchema, ...errors(400, 401, 403) },
});

export const adminCsv = endpoint({
  method: 'GET',
  path: '/admin/orders.csv',
  summary: 'The orders of the same filter as CSV (RFC 4180), one row per order',
  access: 'admin',
  scope: 'orders:read',
  query: adminOrderFilterSchema,
  responses: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403) },
});
