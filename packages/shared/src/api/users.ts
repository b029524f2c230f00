import { z } from 'zod';
import { deletedSchema } from '../common.js';
import { emailParamsSchema } from '../identity.js';
import { makeAdminRequestSchema, userPromotedSchema, userSummarySchema } from '../users.js';
import { pageOf, pageQuerySchema, specListQuerySchema } from '../paging.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The admin's Make Admin page (SPEC section 5). */

export const list = endpoint({
  method: 'GET',
  path: '/users',
  summary: 'Every shop user, oldest first: at most 100 an answer, `page` for the rest',
  access: 'admin',
  query: specListQuerySchema,
  responses: { 200: z.array(userSummarySchema), ...errors(400, 401, 403) },
});

export const page = endpoint({
  method: 'GET',
  path: '/admin/users',
  summary: 'The shop users, newest first, a page at a time, searched by email or name (Make Admin)',
  access: 'admin',
  query: pageQuerySchema.extend({ q: z.string().trim().max(254).optional().default('') }),
  responses: { 200: pageOf(userSummarySchema), ...errors(400, 401, 403) },
});

export const promote = endpoint({
  method: 'PUT',
  path: '/user/admin/{email}',
  summary: 'Make a user an admin (their address must be verified)',
  access: 'admin',
  params: emailParamsSchema,
  body: makeAdminRequestSchema,
  responses: { 200: userPromotedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const demote = endpoint({
  method: 'DELETE',
  path: '/user/admin/{email}',
  summary: 'Take the admin right away again (audited; never the last admin: 409)',
  access: 'admin',
  params: emailParamsSchema,
  responses: { 200: userPromotedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/user/{email}',
  summary: 'Remove a user (never yourself, never the last admin)',
  access: 'admin',
  params: emailParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404, 409) },
});
