import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { jobsQueued } from '../kernel/jobs.js';
import { listJobs, retryJob } from '../workflows/jobs/admin.js';
import { serve } from './endpoint.js';

export interface JobRoutesOptions {
  db: Db;
  guards: Guards;
}

/** The job system's failures, for admins (issue 32 item 4, docs/decisions/056). */
export const jobRoutes: FastifyPluginAsync<JobRoutesOptions> = async (app, { db, guards }) => {
  // A static segment: the router prefers it to GET /admin/{email}, and "jobs" is no email.
  serve(app, guards, api.jobs.list, async (request) => listJobs(db, request.query));
  serve(app, guards, api.jobs.retry, async (request) => {
    const job = await retryJob(db, currentUser(request), request.params.id);
    jobsQueued(db);
    return job;
  });
};
