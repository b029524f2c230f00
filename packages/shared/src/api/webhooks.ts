import { z } from 'zod';
import { idParamsSchema } from '../common.js';
import { idSchema } from '../answers.js';
import { pageQuerySchema } from '../paging.js';
import {
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
} from '../webhooks.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Webhooks (issue 32, DESIGN section 9, docs/decisions/054). */

export const create = endpoint({
  method: 'POST',
  path: '/webhooks',
  summary:
    "Subscribe a URL to events (an owner's to the company's, an admin's to everyone's); the secret that signs each delivery is answered this once; the URL is not called",
  access: 'user',
  who: 'a company owner, admin',
  body: webhookInputSchema,
  responses: { 201: webhookCreatedSchema, ...errors(400, 401, 403, 409) },
});

export const list = endpoint({
  method: 'GET',
  path: '/webhooks',
  summary:
    "The subscriptions the caller manages, newest first: an owner's company's, an admin's all",
  access: 'user',
  who: 'a company owner, admin',
  query: pageQuerySchema,
  responses: { 200: webhookListSchema, ...errors(400, 401, 403) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/webhooks/{id}',
  summary: 'Stop a subscription: nothing more is sent to it; its delivery log stays readable',
  access: 'user',
  who: 'the owner of its company, admin',
  params: idParamsSchema,
  responses: { 200: webhookSchema, ...errors(400, 401, 403, 404) },
});

export const deliveries = endpoint({
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  summary: "A subscription's deliveries, newest first: status, the receiver's answer, attempts",
  access: 'user',
  who: 'the owner of its company, admin',
  params: idParamsSchema,
  query: webhookDeliveryQuerySchema,
  responses: { 200: webhookDeliveryListSchema, ...errors(400, 401, 403, 404) },
});

export const resend = endpoint({
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
  summary: 'Send a delivery again now (a failed one too), as the same event',
  access: 'user',
  who: 'the owner of its company, admin',
  params: z.object({ id: idSchema, deliveryId: idSchema }),
  responses: { 200: webhookDeliverySchema, ...errors(400, 401, 403, 404) },
});
