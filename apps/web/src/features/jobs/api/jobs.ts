import { jobListSchema, jobSchema, type Job, type JobList, type JobView } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';

export interface JobsPage {
  state: JobView;
  /** From 1, as the API counts. */
  page: number;
  limit: number;
}

/** One page of the jobs (admin) that failed for good or are retrying: newest first. */
export function getJobs({ state, page, limit }: JobsPage, signal?: AbortSignal): Promise<JobList> {
  // A query string carries text: the contract's query takes the numbers as the URL writes them.
  const query = { state, page: String(page), limit: String(limit) };
  return call(routes.jobs.list, { query }, { schema: jobListSchema, signal });
}

export const jobKeys = {
  all: ['jobs'] as const,
  page: (page: JobsPage) => [...jobKeys.all, page] as const,
};

export const jobsQueryOptions = (page: JobsPage) =>
  queryOptions({
    queryKey: jobKeys.page(page),
    queryFn: ({ signal }) => getJobs(page, signal),
    // The table keeps the page shown while the next one of the same view loads, so it does not
    // jump; the other view's jobs would stand under the wrong columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].state === page.state ? previous : undefined,
    // The workers move jobs on meanwhile: each visit reads the list afresh.
    staleTime: 0,
  });

export function useJobs(page: JobsPage) {
  return useQuery(jobsQueryOptions(page));
}

/** POST /admin/jobs/{id}/retry: a failed job runs again now; both views change. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Job> =>
      call(routes.jobs.retry, { params: { id } }, { schema: jobSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
