import { idParamsSchema } from '../common.js';
import { jobListSchema, jobQuerySchema, jobSchema } from '../jobs.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The job system's failures (issue 32 item 4, docs/decisions/056). */

export const list = endpoint({
  method: 'GET',
  path: '/admin/jobs',
  summary:
    'Jobs (emails, webhook deliveries, recurring tasks) that failed for good, or are retrying, newest first, with their last error',
  access: 'admin',
  query: jobQuerySchema,
  responses: { 200: jobListSchema, ...errors(400, 401, 403) },
});

export const retry = endpoint({
  method: 'POST',
  path: '/admin/jobs/{id}/retry',
  summary: 'Run a failed job again now, with a new retry window',
  access: 'admin',
  params: idParamsSchema,
  responses: { 200: jobSchema, ...errors(400, 401, 403, 404, 409) },
});
