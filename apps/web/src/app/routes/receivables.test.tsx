import type { Receivable, ReceivablesPage } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeAuthServer } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

/** The admin's receivables page (issue 30 item 7). */

const row = (n: number, overrides: Partial<Receivable>): Receivable => ({
  companyId: testId(800 + n),
  name: `Company ${n}`,
  paymentTerms: 'net30',
  creditLimit: 50000,
  onHold: false,
  balance: 0,
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  over90: 0,
  overdue: 0,
  oldestDueDate: null,
  ...overrides,
});
const late = row(1, {
  name: 'Late Payer Ltd',
  balance: 6000,
  current: 2000,
  days1to30: 1000,
  days61to90: 3000,
  overdue: 4000,
  oldestDueDate: '2026-09-27',
  onHold: true,
});
const prompt = row(2, { name: 'Prompt Payer Ltd', balance: 4500, current: 4500 });

const pageOf = (items: Receivable[]): ReceivablesPage => ({
  items,
  total: items.length,
  page: 1,
  limit: 20,
  totals: {
    balance: items.reduce((sum, item) => sum + item.balance, 0),
    current: items.reduce((sum, item) => sum + item.current, 0),
    days1to30: items.reduce((sum, item) => sum + item.days1to30, 0),
    days31to60: 0,
    days61to90: items.reduce((sum, item) => sum + item.days61to90, 0),
    over90: 0,
    overdue: items.reduce((sum, item) => sum + item.overdue, 0),
  },
});

function setUp(path: string, extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs: admin });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    handle(routes.companies.receivables, ({ query }) => ({
      status: 200,
      body: pageOf(query.filter === 'overdue' ? [late] : [late, prompt]),
    })),
    extra,
  ]);
  return { ...api, ...renderApp(path) };
}

describe('Receivables (admin)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists each company by age with the totals, links each to its page, and filters the overdue', async () => {
    const { user, callsTo, router } = setUp('/dashboard/receivables');
    const table = await screen.findByRole('table', { name: 'Receivables' });
    const rows = await within(table).findAllByTestId('receivable-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Late Payer Ltd (on hold)Net 30$6,000$2,000$1,000$0$3,000$0'),
      expect.stringContaining('Prompt Payer Ltd'),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Late Payer Ltd' })).toHaveAttribute(
      'href',
      `/dashboard/companies/${late.companyId}`,
    );
    expect(within(table).getByTestId('receivables-totals')).toHaveTextContent(
      'Total$10,500$6,500$1,000$0$3,000$0',
    );

    await user.selectOptions(screen.getByLabelText('Show'), 'overdue');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=overdue'));
    await waitFor(() => expect(within(table).getAllByTestId('receivable-row')).toHaveLength(1));
    expect(callsTo(routes.companies.receivables).at(-1)?.query).toMatchObject({
      filter: 'overdue',
      page: '1',
    });
  });

  it('downloads the CSV of the filter shown', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receivables');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, callsTo } = setUp('/dashboard/receivables?filter=overdue', [
      handle(routes.companies.receivablesCsv, () => ({ status: 200, body: 'Company\r\n' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([`receivables-${new Date().toISOString().slice(0, 10)}.csv`]),
    );
    expect(callsTo(routes.companies.receivablesCsv)[0]?.query).toEqual({ filter: 'overdue' });
  });
});
