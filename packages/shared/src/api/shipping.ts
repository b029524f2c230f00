import {
  shippingMethodListSchema,
  shippingMethodsPutSchema,
  shippingMethodsSavedSchema,
  shippingOptionListSchema,
  shippingOptionsQuerySchema,
} from '../shipping.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Shipping methods and their rates (DESIGN section 9, issue 29 item 2; decision 036). */

export const options = endpoint({
  method: 'GET',
  path: '/shipping-methods',
  summary:
    'The active methods that ship to a country at a weight, priced, cheapest first (free above a subtotal when one is given)',
  access: 'anyone',
  scope: 'catalog:read',
  query: shippingOptionsQuerySchema,
  responses: { 200: shippingOptionListSchema, ...errors(400) },
});

export const list = endpoint({
  method: 'GET',
  path: '/admin/shipping-methods',
  summary: 'Every shipping method with its zone, prices and days in transit (at most 100)',
  access: 'admin',
  responses: { 200: shippingMethodListSchema, ...errors(401, 403) },
});

export const replace = endpoint({
  method: 'PUT',
  path: '/admin/shipping-methods',
  summary:
    'Replace the list of shipping methods: update those with an _id, add those without, remove those left out',
  access: 'admin',
  body: shippingMethodsPutSchema,
  responses: { 200: shippingMethodsSavedSchema, ...errors(400, 401, 403) },
});
