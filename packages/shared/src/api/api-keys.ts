import {
  apiKeyCreatedSchema,
  apiKeyInputSchema,
  apiKeyListSchema,
  apiKeyQuerySchema,
  apiKeySchema,
} from '../api-keys.js';
import { idParamsSchema } from '../common.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** API keys (issue 32, DESIGN section 9, docs/decisions/053). */

export const create = endpoint({
  method: 'POST',
  path: '/api-keys',
  summary:
    "Make a key for a program: a company owner's buys for the company (catalogue, purchases, invoices), an admin's serves the shop's ERP; the secret is answered this once",
  access: 'user',
  who: 'a company owner (company scopes), admin (any scope)',
  body: apiKeyInputSchema,
  responses: { 201: apiKeyCreatedSchema, ...errors(400, 401, 403, 409) },
});

export const list = endpoint({
  method: 'GET',
  path: '/api-keys',
  summary:
    "The keys the caller manages, newest first, with when each was last used: an owner's company's, an admin's every key",
  access: 'user',
  who: 'a company owner, admin',
  query: apiKeyQuerySchema,
  responses: { 200: apiKeyListSchema, ...errors(400, 401, 403) },
});

export const revoke = endpoint({
  method: 'DELETE',
  path: '/api-keys/{id}',
  summary: 'Revoke a key: every instance refuses it from the next request on; it stays listed',
  access: 'user',
  who: "the owner of the key's company, admin",
  params: idParamsSchema,
  responses: { 200: apiKeySchema, ...errors(400, 401, 403, 404, 409) },
});
