import { z } from 'zod';
import { statsQuerySchema, statsSchema } from '../stats.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The admin's Overview (DESIGN section 8). */

export const overview = endpoint({
  method: 'GET',
  path: '/admin/stats',
  summary: "The business at a glance over a period of the shop's days",
  access: 'admin',
  query: statsQuerySchema,
  responses: { 200: statsSchema, ...errors(400, 401, 403) },
});

export const csv = endpoint({
  method: 'GET',
  path: '/admin/stats.csv',
  summary: "The period's figures as CSV (RFC 4180), one row per day or week",
  access: 'admin',
  query: statsQuerySchema,
  responses: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403) },
});
