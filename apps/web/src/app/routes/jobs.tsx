import {
  JOB_VIEWS,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  jobQueueLabel,
  type Job,
  type JobView,
} from '@shop/shared';
import { useState } from 'react';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Chip } from '../../components/ui/chip';
import { LoadError } from '../../components/ui/load-error';
import { Pager } from '../../components/ui/pager';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../components/ui/table';
import { notify } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format';
import { useJobs, useRetryJob } from '../../features/jobs/api/jobs';
import styles from './jobs.module.css';

const VIEW_LABELS: Record<JobView, string> = { failed: 'Failed', retrying: 'Retrying' };

const EMPTY: Record<JobView, string> = {
  failed: 'No failed jobs.',
  retrying: 'No jobs are retrying.',
};

/** A failed job has no next attempt but may be retried; a retrying one has its next attempt. */
const COLUMNS: Record<JobView, readonly string[]> = {
  failed: ['When', 'What', 'Attempts', 'Last error', ''],
  retrying: ['When', 'What', 'Attempts', 'Last error', 'Next attempt'],
};

const ROWS_PER_PAGE = [PAGE_LIMIT_DEFAULT, 50, PAGE_LIMIT_MAX];

const describeJob = (job: Job) => `${jobQueueLabel(job.queue)} ${job.kind}`;

function JobRow({
  job,
  view,
  retry,
}: {
  job: Job;
  view: JobView;
  retry: { run: (job: Job) => void; running: string | null };
}) {
  return (
    <TableRow data-testid="job-row">
      <TableCell label="When" className={styles.nowrap}>
        <time dateTime={job.createdAt}>{formatDateTime(job.createdAt, { year: true })}</time>
      </TableCell>
      <TableCell label="What">
        <span className={styles.what}>
          <Chip size="small" variant="outlined" label={jobQueueLabel(job.queue)} />
          <span className={admin.secondary}>{job.kind}</span>
        </span>
      </TableCell>
      <TableCell label="Attempts" align="right">
        {job.attempts}
      </TableCell>
      <TableCell label="Last error" className={styles.error}>
        {job.lastError ?? '—'}
      </TableCell>
      {view === 'retrying' ? (
        <TableCell label="Next attempt" className={styles.nowrap}>
          {job.runAt ? (
            <time dateTime={job.runAt}>{formatDateTime(job.runAt, { year: true })}</time>
          ) : (
            '—'
          )}
        </TableCell>
      ) : (
        <TableCell label="">
          {job.state === 'failed' && (
            <Button
              variant="outlined"
              size="small"
              onClick={() => retry.run(job)}
              loading={retry.running === job._id}
              disabled={retry.running !== null}
            >
              Retry
            </Button>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * Jobs (admin): emails, webhook deliveries and recurring tasks that failed for good, or are
 * retrying, newest first, a page at a time; a failed one can be run again (docs/decisions/056).
 */
export default function JobsPage() {
  const [view, setView] = useState<JobView>('failed');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_LIMIT_DEFAULT);
  const { data, error, isPending, isFetching, refetch } = useJobs({ state: view, page, limit });
  const retry = useRetryJob();
  const columns = COLUMNS[view];

  const run = (job: Job) =>
    retry.mutate(job._id, {
      onSuccess: () => notify.success(`${describeJob(job)} runs again.`),
      onError: (failure) => notify.error(failure.message),
    });

  return (
    <div>
      <PageTitle title="Jobs" />
      <h1 className={admin.title}>Jobs</h1>
      <p className={admin.intro}>
        Emails, webhook deliveries and recurring tasks that failed for good after their retries, or
        are failing and waiting for their next attempt. Newest first.
      </p>
      <div className={styles.list}>
        <div role="group" aria-label="Show jobs" className={styles.views}>
          {JOB_VIEWS.map((choice) => (
            <Button
              key={choice}
              size="small"
              variant={choice === view ? 'contained' : 'outlined'}
              aria-pressed={choice === view}
              onClick={() => {
                setView(choice);
                setPage(1);
              }}
            >
              {VIEW_LABELS[choice]}
            </Button>
          ))}
        </div>
        {error ? (
          <LoadError
            title="We could not load the jobs."
            error={error}
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Jobs" cardsOnPhones className={admin.compact}>
                <HeadRow columns={columns} />
                <TableBody aria-busy={isPending || isFetching}>
                  {isPending ? (
                    <SkeletonRows columns={columns} />
                  ) : data.items.length === 0 ? (
                    <EmptyRow columns={columns.length}>{EMPTY[view]}</EmptyRow>
                  ) : (
                    data.items.map((job) => (
                      <JobRow
                        key={job._id}
                        job={job}
                        view={view}
                        retry={{ run, running: retry.isPending ? retry.variables : null }}
                      />
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            {data && (
              <Pager
                page={data.page}
                limit={data.limit}
                total={data.total}
                shown={data.items.length}
                label="Pages of jobs"
                onPage={setPage}
                limits={ROWS_PER_PAGE}
                onLimit={(next) => {
                  setLimit(next);
                  setPage(1);
                }}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
