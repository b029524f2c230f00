import { auditActionLabels, type AuditEntry, type AuditPage } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import AuditLogPage from './audit-log';

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: testId(500 + n),
    // Entry n is n minutes after 09:00 on 3 March 2026.
    createdAt: new Date(Date.UTC(2026, 2, 3, 9, n)).toISOString(),
    actorEmail: 'boss@example.com',
    action: 'product.delete',
    targetType: 'product',
    targetId: testId(n),
    targetLabel: `Part ${n}`,
    details: null,
    ...overrides,
  };
}

/** A log of `total` entries, newest (highest n) first, answered a page at a time. */
function pagedLog(total: number) {
  const all = Array.from({ length: total }, (_, i) => entry(total - i));
  return handle(routes.audit.list, ({ query }) => {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const body: AuditPage = {
      items: all.slice((page - 1) * limit, page * limit),
      total,
      page,
      limit,
    };
    return { status: 200, body };
  });
}

const rowTexts = () =>
  screen.getAllByTestId('audit-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('AuditLogPage', () => {
  it('shows when, who, action and target, with what an edit changed', async () => {
    const log: AuditPage = {
      items: [
        entry(3, {
          action: 'product.update',
          targetLabel: 'Atlas DDR5 Module',
          details: { changes: { price: { from: 9, to: 8 } } },
        }),
        entry(2, { action: 'user.promote', targetType: 'user', targetLabel: 'pat@example.com' }),
      ],
      total: 2,
      page: 1,
      limit: 20,
    };
    mockApi([answer(routes.audit.list, 200, log)]);
    renderWithProviders(<AuditLogPage />);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target']);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [edit, promote] = rowTexts();
    expect(edit!.slice(1)).toEqual([
      'boss@example.com',
      auditActionLabels['product.update'],
      'Atlas DDR5 ModulePrice $9.00 -> $8.00',
    ]);
    expect(edit![0]).toMatch(/3 Mar 2026/);
    expect(promote!.slice(1)).toEqual([
      'boss@example.com',
      auditActionLabels['user.promote'],
      'pat@example.com',
    ]);
  });

  it('pages through the log, asking the API for each page', async () => {
    const { callsTo } = mockApi([pagedLog(45)]);
    const { user } = renderWithProviders(<AuditLogPage />);

    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(20));
    expect(rowTexts()[0]![3]).toBe('Part 45');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText('21–40 of 45')).toBeInTheDocument());
    await waitFor(() => expect(rowTexts()[0]![3]).toBe('Part 25'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(5));
    expect(rowTexts().at(-1)![3]).toBe('Part 1');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(callsTo(routes.audit.list).map((call) => call.query)).toEqual(
      expect.arrayContaining([
        { page: '1', limit: '20' },
        { page: '2', limit: '20' },
        { page: '3', limit: '20' },
      ]),
    );
  });

  it('shows the error and a retry when the log cannot be read', async () => {
    mockApi([
      answer(routes.audit.list, 403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only an admin may do this.',
      }),
    ]);
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByText('We could not load the audit log.')).toBeInTheDocument();
    expect(screen.getByText('Only an admin may do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
