import {
  adminStatusSchema,
  emailParamsSchema,
  shopTokenRequestSchema,
  shopTokenSchema,
} from '../identity.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The shop token (DESIGN section 4). */

export const issueToken = endpoint({
  method: 'PUT',
  path: '/user/{email}',
  summary: 'Trade the Better Auth session cookie for a shop token',
  access: 'session',
  who: 'the Better Auth session of that email',
  params: emailParamsSchema,
  body: shopTokenRequestSchema,
  responses: { 200: shopTokenSchema, ...errors(400, 401, 403) },
});

export const adminStatus = endpoint({
  method: 'GET',
  path: '/admin/{email}',
  summary: 'Whether an account is an admin',
  access: 'user',
  who: 'self, or an admin',
  params: emailParamsSchema,
  responses: { 200: adminStatusSchema, ...errors(400, 401, 403) },
});
