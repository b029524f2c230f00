import { quotePagePath, type QuoteList, type QuoteSummary } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, signedIn, type TestUser } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

/** The list of quotes (issue 31): the customer's, the admin's inbox, filtered in the URL. */

const summary = (n: number, overrides: Partial<QuoteSummary> = {}): QuoteSummary => ({
  _id: testId(600 + n),
  number: `Q-00000${n}`,
  status: 'requested',
  companyId: testId(720),
  companyName: 'Northwind Systems GmbH',
  requester: { name: 'JANE BUYER', email: customer.email },
  lineCount: 2,
  offerSubtotal: null,
  expiresAt: null,
  purchaseId: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});
const asked = summary(1);
const offered = summary(2, {
  status: 'offered',
  offerSubtotal: 9_500,
  expiresAt: '2026-12-10T12:00:00.000Z',
});

const pageOf = (items: QuoteSummary[]): QuoteList => ({
  items,
  total: items.length,
  page: 1,
  limit: 20,
});

function setUp(user: TestUser, path = '/dashboard/quotes') {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(user),
    handle(routes.quotes.list, ({ query }) => ({
      status: 200,
      body: pageOf(
        [offered, asked].filter(
          (quote) =>
            (!query.status || quote.status === query.status) &&
            (!query.q || quote.number.includes(query.q)),
        ),
      ),
    })),
  ]);
  return { ...api, ...renderApp(path) };
}

describe('Quotes list', () => {
  it('lists the customer’s quotes with a link to each, and filters by status in the URL', async () => {
    const { user, callsTo, router } = setUp(customer);
    expect(await screen.findByRole('heading', { name: 'My quotes' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Quotes' });
    const rows = await within(table).findAllByTestId('quote-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Q-000002Northwind Systems GmbHJANE BUYER2$9,50010 Dec 2026Offered'),
      expect.stringContaining('Q-000001Northwind Systems GmbHJANE BUYER2——Requested'),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Q-000002' })).toHaveAttribute(
      'href',
      quotePagePath(offered._id),
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'offered');
    await waitFor(() => expect(router.state.location.search).toBe('?status=offered'));
    await waitFor(() => expect(within(table).getAllByTestId('quote-row')).toHaveLength(1));
    expect(callsTo(routes.quotes.list).at(-1)?.query).toEqual({
      status: 'offered',
      page: '1',
      limit: '20',
    });
  });

  it('searches through the URL and says when nothing matches', async () => {
    const { user, callsTo, router } = setUp(admin, '/dashboard/quotes?status=requested');
    expect(await screen.findByRole('heading', { name: 'Quotes' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(1);
    expect(screen.getByLabelText('Status')).toHaveValue('requested');

    await user.type(screen.getByRole('searchbox', { name: 'Search quotes' }), 'Q-000009');
    await waitFor(() => expect(router.state.location.search).toBe('?status=requested&q=Q-000009'));
    expect(await screen.findByText('No quote matches this filter.')).toBeInTheDocument();
    expect(callsTo(routes.quotes.list).at(-1)?.query).toMatchObject({
      status: 'requested',
      q: 'Q-000009',
    });
  });

  it('has an empty state', async () => {
    mockApi([
      answer(routes.settings.config, 200, testConfig),
      signedIn(customer),
      answer(routes.quotes.list, 200, pageOf([])),
    ]);
    renderApp('/dashboard/quotes');
    expect(
      await screen.findByText('No quotes yet. Ask for one from your cart.'),
    ).toBeInTheDocument();
  });
});
