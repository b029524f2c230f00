import { z } from 'zod';
import { creditRefusedSchema } from '../accounts.js';
import { idParamsSchema } from '../common.js';
import {
  checkoutPreviewSchema,
  checkoutRefusedSchema,
  checkoutSchema,
  payPurchaseSchema,
  purchaseFilterSchema,
  purchaseSchema,
  shipPurchaseSchema,
} from '../purchases.js';
import { pageOf, purchasePageQuerySchema } from '../paging.js';
import { syncAnswerShape, syncQueryShape } from '../sync.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Purchases: a cart of many lines checked out at once (DESIGN section 8). */

export const checkout = endpoint({
  method: 'POST',
  path: '/checkout',
  summary: 'Order every line of a cart as one purchase: all lines or none',
  access: 'user',
  scope: 'purchases:write',
  body: checkoutSchema,
  idempotent: true,
  responses: {
    201: purchaseSchema,
    409: z.union([checkoutRefusedSchema, creditRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 403, 404, 422),
  },
});

export const preview = endpoint({
  method: 'POST',
  path: '/checkout/preview',
  summary:
    'What checking out this body would charge (lines, shipping and its options, tax, total), placing nothing',
  access: 'user',
  scope: 'purchases:write',
  body: checkoutSchema,
  responses: {
    200: checkoutPreviewSchema,
    409: z.union([checkoutRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 404),
  },
});

export const listOwn = endpoint({
  method: 'GET',
  path: '/purchases',
  summary:
    'Your purchases, newest first, each with its orders, a page at a time; `status` and `q` (number, PO, product) filter them',
  access: 'user',
  scope: 'purchases:read',
  who: 'self only (the email, if given, must be yours)',
  query: purchasePageQuerySchema
    .extend({ email: z.string().max(254).optional() })
    .extend(purchaseFilterSchema.shape)
    .extend(syncQueryShape),
  responses: { 200: pageOf(purchaseSchema).extend(syncAnswerShape), ...errors(400, 401, 403) },
});

export const get = endpoint({
  method: 'GET',
  path: '/purchase/{id}',
  summary: 'One purchase with its orders',
  access: 'user',
  scope: 'purchases:read',
  who: 'owner or admin',
  params: idParamsSchema,
  responses: { 200: purchaseSchema, ...errors(400, 401, 403, 404) },
});

export const recordPayment = endpoint({
  method: 'PUT',
  path: '/purchase/{id}/pay',
  summary: 'Mark every unpaid line of a purchase paid once the gateway confirms the payment',
  access: 'user',
  who: 'owner',
  params: idParamsSchema,
  body: payPurchaseSchema,
  responses: { 200: purchaseSchema, ...errors(400, 401, 403, 404, 409) },
});

export const withdraw = endpoint({
  method: 'PUT',
  path: '/purchase/{id}/withdraw',
  summary:
    'Withdraw your purchase while it waits for approval: it is kept as cancelled and holds nothing',
  access: 'user',
  scope: 'purchases:write',
  who: 'owner',
  params: idParamsSchema,
  responses: { 200: purchaseSchema, ...errors(400, 401, 403, 404, 409) },
});

export const invoice = endpoint({
  method: 'GET',
  path: '/purchase/{id}/invoice.pdf',
  summary: "The purchase's invoice as a PDF (paid purchases only)",
  access: 'user',
  scope: 'invoices:read',
  who: 'owner or admin',
  params: idParamsSchema,
  responses: { 200: z.string().describe('application/pdf'), ...errors(400, 401, 403, 404, 409) },
});

export const ship = endpoint({
  method: 'PUT',
  path: '/purchase/{id}/ship',
  summary:
    'Ship a paid purchase, whole or the lines (and quantities) named, as one parcel with one email',
  access: 'admin',
  scope: 'orders:write',
  params: idParamsSchema,
  body: shipPurchaseSchema,
  responses: { 200: purchaseSchema, ...errors(400, 401, 403, 404, 409) },
});
