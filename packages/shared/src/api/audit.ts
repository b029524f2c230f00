import { auditPageSchema } from '../audit.js';
import { pageQuerySchema } from '../paging.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

export const list = endpoint({
  method: 'GET',
  path: '/admin/audit',
  summary: 'Who did what to whom, newest first',
  access: 'admin',
  query: pageQuerySchema,
  responses: { 200: auditPageSchema, ...errors(400, 401, 403) },
});
