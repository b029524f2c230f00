import { jobMessages, jobQueueLabels, urlOf, type Job, type JobList } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import JobsPage from './jobs';

function job(n: number, overrides: Partial<Job> = {}): Job {
  return {
    _id: testId(900 + n),
    queue: 'email',
    kind: 'purchase.created',
    state: 'failed',
    attempts: 8,
    lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    // Job n was made n minutes after 09:00 on 3 March 2026.
    createdAt: new Date(Date.UTC(2026, 2, 3, 9, n)).toISOString(),
    runAt: null,
    finishedAt: new Date(Date.UTC(2026, 2, 3, 10, n)).toISOString(),
    ...overrides,
  };
}

const listOf = (items: Job[]): JobList => ({ items, total: items.length, page: 1, limit: 20 });

const mail = job(2);
const hook = job(1, {
  queue: 'webhook',
  kind: 'purchase.approved',
  attempts: 9,
  lastError: 'answered 503',
});
const waiting = job(3, {
  queue: 'schedule',
  kind: 'invoice-reminders',
  state: 'pending',
  attempts: 2,
  lastError: 'database is locked',
  runAt: new Date(Date.UTC(2026, 2, 3, 9, 30)).toISOString(),
  finishedAt: null,
});

/** The job system as the server holds it: a retried job leaves the failed for the retrying. */
function jobServer(jobs: Job[]) {
  let all = jobs;
  const list = handle(routes.jobs.list, ({ query }) => ({
    status: 200,
    body: listOf(
      all.filter((one) =>
        query.state === 'retrying' ? one.state === 'pending' : one.state === 'failed',
      ),
    ),
  }));
  const retry = handle(routes.jobs.retry, ({ params }) => {
    const found = all.find((one) => one._id === params.id);
    if (!found) {
      return {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: jobMessages.notFound },
      };
    }
    const retried: Job = { ...found, state: 'pending', runAt: found.createdAt, finishedAt: null };
    all = all.map((one) => (one._id === found._id ? retried : one));
    return { status: 200, body: retried };
  });
  return [list, retry];
}

const rowTexts = () =>
  screen.getAllByTestId('job-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('JobsPage', () => {
  it('lists the failed jobs with what they were, their attempts and last error', async () => {
    const { callsTo } = mockApi(jobServer([mail, hook, waiting]));
    renderWithProviders(<JobsPage />);

    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'What', 'Attempts', 'Last error', '']);
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(2));
    const [first, second] = rowTexts();
    expect(first![0]).toMatch(/3 Mar 2026/);
    expect(first!.slice(1, 4)).toEqual([
      `${jobQueueLabels.email}purchase.created`,
      '8',
      'connect ECONNREFUSED 127.0.0.1:2525',
    ]);
    expect(second!.slice(1, 4)).toEqual([
      `${jobQueueLabels.webhook}purchase.approved`,
      '9',
      'answered 503',
    ]);
    for (const row of screen.getAllByTestId('job-row')) {
      expect(within(row).getByRole('button', { name: 'Retry' })).toBeEnabled();
    }
    expect(callsTo(routes.jobs.list)[0]?.query).toEqual({
      state: 'failed',
      page: '1',
      limit: '20',
    });
  });

  it('shows the retrying jobs, with their next attempt, when switched to Retrying', async () => {
    const { callsTo } = mockApi(jobServer([mail, waiting]));
    const { user } = renderWithProviders(<JobsPage />);
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Retrying' }));
    expect(screen.getByRole('button', { name: 'Retrying' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(rowTexts()[0]!.slice(1, 4)).toEqual([
        `${jobQueueLabels.schedule}invoice-reminders`,
        '2',
        'database is locked',
      ]),
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'What',
      'Attempts',
      'Last error',
      'Next attempt',
    ]);
    expect(rowTexts()[0]![4]).toMatch(/3 Mar 2026/);
    expect(within(screen.getByTestId('job-row')).queryByRole('button')).toBeNull();
    expect(callsTo(routes.jobs.list).at(-1)?.query).toEqual({
      state: 'retrying',
      page: '1',
      limit: '20',
    });
  });

  it('says so when no job failed, and when none is retrying', async () => {
    mockApi(jobServer([]));
    const { user } = renderWithProviders(<JobsPage />);
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retrying' }));
    expect(await screen.findByText('No jobs are retrying.')).toBeInTheDocument();
  });

  it('retries a failed job, which then leaves the failed ones for the retrying', async () => {
    const { callsTo } = mockApi(jobServer([mail, hook]));
    const { user } = renderWithProviders(<JobsPage />);
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(2));

    const row = screen.getAllByTestId('job-row')[1]!;
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsTo(routes.jobs.retry)).toHaveLength(1));
    expect(callsTo(routes.jobs.retry)[0]?.path).toBe(
      urlOf(routes.jobs.retry, { params: { id: hook._id } }),
    );
    expect(
      await screen.findByText(`${jobQueueLabels.webhook} purchase.approved runs again.`),
    ).toBeInTheDocument();
    // The list is read again: the retried job is no longer a failed one.
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(1));
    expect(rowTexts()[0]![1]).toBe(`${jobQueueLabels.email}purchase.created`);
    expect(callsTo(routes.jobs.list).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal when the job cannot be retried", async () => {
    mockApi([
      answer(routes.jobs.list, 200, listOf([mail])),
      answer(routes.jobs.retry, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: jobMessages.notFailed,
      }),
    ]);
    const { user } = renderWithProviders(<JobsPage />);
    const row = await screen.findByTestId('job-row');
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(jobMessages.notFailed)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('job-row')).getByRole('button', { name: 'Retry' }),
    ).toBeEnabled();
  });

  it('shows the error and a retry when the jobs cannot be read', async () => {
    mockApi([
      answer(routes.jobs.list, 403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only an admin may do this.',
      }),
    ]);
    renderWithProviders(<JobsPage />);
    expect(await screen.findByText('We could not load the jobs.')).toBeInTheDocument();
    expect(screen.getByText('Only an admin may do this.')).toBeInTheDocument();
  });
});
