import { z } from 'zod';
import { publicConfigSchema } from '../settings.js';
import { endpoint } from './contract.js';

export const config = endpoint({
  method: 'GET',
  path: '/config',
  summary: 'Public settings: shop name, payment gateway, Google sign-in',
  access: 'anyone',
  responses: { 200: publicConfigSchema },
});

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});

export const health = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Whether the server and its database are up (for load balancers)',
  access: 'anyone',
  responses: { 200: healthSchema, 503: healthSchema },
});
