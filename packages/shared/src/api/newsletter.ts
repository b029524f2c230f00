import { subscribeInputSchema, subscribeResultSchema } from '../newsletter.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

export const subscribe = endpoint({
  method: 'POST',
  path: '/subscribe',
  summary: 'Subscribe an address to the newsletter (201 new, 200 already subscribed)',
  access: 'anyone',
  body: subscribeInputSchema,
  responses: { 200: subscribeResultSchema, 201: subscribeResultSchema, ...errors(400) },
});
