import { z } from 'zod';
import { idSchema } from './answers.js';
import { pageQuerySchema } from './paging.js';
import { pageOf } from './paging.js';

/**
 * The shop's job system as an admin sees it (issue 32 item 4, docs/decisions/056): emails,
 * webhook deliveries and recurring tasks that failed for good, or are failing and waiting for
 * their next attempt, with their last error; a failed one can be retried.
 */

export const JOB_QUEUES = ['email', 'webhook', 'schedule'] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

/** `failed`: given up; `retrying`: failed at least once and waiting for its next attempt. */
export const JOB_VIEWS = ['failed', 'retrying'] as const;
export type JobView = (typeof JOB_VIEWS)[number];

export const jobQueueLabels: Record<JobQueueName, string> = {
  email: 'Email',
  webhook: 'Webhook delivery',
  schedule: 'Recurring task',
};

/** How the Jobs page names a queue (one a later version adds by its own name). */
export const jobQueueLabel = (queue: string): string =>
  (jobQueueLabels as Record<string, string>)[queue] ?? queue;

export const jobMessages = {
  view: `Please choose one of ${JOB_VIEWS.join(', ')}.`,
  notFound: 'This job does not exist.',
  notFailed: 'Only a failed job is retried: this one is waiting for its next attempt or is done.',
} as const;

export const jobQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_VIEWS, { error: jobMessages.view }).default('failed'),
});
export type JobQuery = z.infer<typeof jobQuerySchema>;

export const jobSchema = z.object({
  _id: idSchema,
  /** One of JOB_QUEUES. */
  queue: z.string(),
  /** The email's kind, the event's type or the task's name. */
  kind: z.string(),
  state: z.enum(['pending', 'done', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it runs next (pending), or null. */
  runAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = pageOf(jobSchema);
export type JobList = z.infer<typeof jobListSchema>;
