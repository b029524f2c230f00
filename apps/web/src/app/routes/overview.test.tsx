import {
  addDays,
  dateMessages,
  statsMessages,
  todayIn,
  type Stats,
  type StatsQuery,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, signedIn } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, handle, mockApi, offContract, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

/** The time zone the browser runs in: the shop's too here, so a preset is asked for once. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const noFigures: Omit<Stats, 'from' | 'to' | 'interval' | 'revenue' | 'previous'> = {
  timeZone,
  ordersByState: { unpaid: 0, paid: 0, shipped: 0, held: 0 },
  purchasesByState: {
    awaiting_approval: 0,
    unpaid: 0,
    paid: 0,
    on_account: 0,
    partially_shipped: 0,
    shipped: 0,
  },
  topProducts: [],
  topCustomers: [],
  topBuyers: [],
  lowStock: [],
  lowStockTotal: 0,
  newCustomers: [],
  expiringSoon: [],
  receivables: { balance: 0, overdue: 0, overdueCompanies: 0 },
  backups: { scheduled: false, last: null, failed: null },
};

/** Two days in November 2026: $3,500 from 3 paid orders, against $2,000 the two days before. */
const november: Stats = {
  ...noFigures,
  from: '2026-11-20',
  to: '2026-11-21',
  interval: 'day',
  revenue: [
    { period: '2026-11-20', total: 2000, shipping: 50, tax: 389.5, orders: 2, purchases: 2 },
    { period: '2026-11-21', total: 1500, shipping: 25.25, tax: 0, orders: 1, purchases: 1 },
  ],
  previous: {
    from: '2026-11-18',
    to: '2026-11-19',
    total: 2000,
    shipping: 40,
    tax: 100,
    orders: 2,
    purchases: 2,
  },
  ordersByState: { unpaid: 4, paid: 3, shipped: 7, held: 1200 },
  purchasesByState: {
    awaiting_approval: 1,
    unpaid: 2,
    paid: 2,
    on_account: 0,
    partially_shipped: 1,
    shipped: 5,
  },
  topProducts: [
    { productId: 'p-1', name: 'Vector X8 Processor', revenue: 2500, quantity: 100 },
    { productId: null, name: 'Retired Fan', revenue: 1000, quantity: 40 },
  ],
  topCustomers: [{ email: 'sam@example.com', name: 'SAM TRADER', revenue: 3500 }],
  topBuyers: [
    { companyId: 'c-1', email: null, name: 'Acme Components Ltd', revenue: 2500 },
    { companyId: null, email: 'sam@example.com', name: 'SAM TRADER', revenue: 1000 },
  ],
  lowStock: [{ productId: 'p-9', name: 'Nimbus Tower Case', available: 3, threshold: 10 }],
  lowStockTotal: 1,
  newCustomers: [
    { period: '2026-11-20', count: 2 },
    { period: '2026-11-21', count: 0 },
  ],
  expiringSoon: [
    {
      _id: 'o-1',
      holdExpiresAt: new Date(Date.now() + 125 * 60_000 + 30_000).toISOString(),
      purchaseId: 'pu-1',
      purchaseNumber: 'PW-000042',
      name: 'JO BUYER',
      email: 'jo@example.com',
      productName: 'Orion Motherboard',
      price: 900,
    },
  ],
};

/** GET /admin/stats answered for whatever period is asked, with `figures`' numbers. */
const statsFor = (figures: Partial<Stats> = {}) =>
  handle(routes.stats.overview, ({ query }) => ({
    status: 200,
    body: {
      ...november,
      from: query.from ?? november.from,
      to: query.to ?? november.to,
      interval: query.interval === 'week' ? 'week' : 'day',
      ...figures,
    },
  }));

function setUp(path: string, mocks: Mocks) {
  const api = mockApi([answer(routes.settings.config, 200, testConfig), signedIn(admin), mocks]);
  return { ...api, ...renderApp(path) };
}

const revenueTable = () => screen.getByRole('table', { name: 'Revenue per day' });

describe('Overview', () => {
  it('shows the revenue, its change on the previous period, and the table of each day', async () => {
    const { callsTo } = setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [statsFor()]);

    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$3,500');
    expect(screen.getByText(/3 paid orders, 20 Nov – 21 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByText('+75%').closest('p')).toHaveTextContent(
      '+75% on the previous period ($2,000 in 18 Nov – 19 Nov 2026).',
    );
    expect(callsTo(routes.stats.overview).map((call) => call.query)).toEqual([
      { from: '2026-11-20', to: '2026-11-21', interval: 'day' },
    ]);

    const rows = within(revenueTable()).getAllByTestId('revenue-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '20 Nov 2026$2,000$50$389.502',
      '21 Nov 2026$1,500$25.25$01',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Revenue',
      'Orders by state',
      'New customers',
      'Top products',
      'Top buyers',
      'Low stock',
      'About to expire',
      'Last backup',
    ]);
  });

  it('keeps revenue net of tax and shows the shipping charged and the tax collected apart', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [statsFor()]);
    // $3,500 of goods; $75.25 of shipping and $389.50 of tax are not in it.
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$3,500');
    expect(screen.getByText('Net of tax, without shipping.')).toBeVisible();
    const apart = screen.getByTestId('shipping-total').closest('dl')!;
    expect(screen.getByTestId('shipping-total')).toHaveTextContent('$75.25');
    expect(screen.getByTestId('tax-total')).toHaveTextContent('$389.50');
    expect(within(apart).getByText('Shipping charged')).toBeVisible();
    expect(within(apart).getByText('Tax collected')).toBeVisible();
    const header = within(revenueTable()).getAllByRole('columnheader');
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Day',
      'Revenue',
      'Shipping',
      'Tax',
      'Paid orders',
    ]);
  });

  it('shows what the companies owe and what is overdue beside the revenue, linked to the receivables', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor({ receivables: { balance: 16_500, overdue: 7000, overdueCompanies: 2 } }),
    ]);
    const owed = await screen.findByTestId('receivables-total');
    expect(owed).toHaveTextContent('$16,500');
    expect(within(owed).getByRole('link')).toHaveAttribute('href', '/dashboard/receivables');
    const overdue = screen.getByTestId('overdue-total');
    expect(overdue).toHaveTextContent('$7,000 (2 companies)');
    expect(within(overdue).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/receivables?filter=overdue',
    );
  });

  it('shows the last backup, and a failure after it, and says whether backups are scheduled', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor({
        backups: {
          scheduled: true,
          last: {
            finishedAt: '2026-11-21T02:00:05.000Z',
            file: '/srv/backups/shop-2026-11-21T02-00-00Z.tar.gz',
            bytes: 5_452_595,
            trigger: 'schedule',
          },
          failed: {
            finishedAt: '2026-11-22T02:00:03.000Z',
            file: '/srv/backups/shop-2026-11-22T02-00-00Z.tar.gz',
            error: 'pg_dump failed: server version mismatch',
          },
        },
      }),
    ]);
    const card = await screen.findByRole('region', { name: 'Last backup' });
    expect(card).toHaveTextContent('5.2 MB, scheduled');
    expect(card).toHaveTextContent('/srv/backups/shop-2026-11-21T02-00-00Z.tar.gz');
    expect(card).toHaveTextContent('Backups are written on a schedule (BACKUP_DIR).');
    expect(within(card).getByRole('status')).toHaveTextContent('The last backup failed' + '');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'pg_dump failed: server version mismatch',
    );
  });

  it('says when no backup was ever written and none is scheduled, even before the first sale', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor({ revenue: [], ordersByState: { unpaid: 0, paid: 0, shipped: 0, held: 0 } }),
    ]);
    const card = await screen.findByRole('region', { name: 'Last backup' });
    expect(card).toHaveTextContent('No backup has been written yet.');
    expect(card).toHaveTextContent(
      'No scheduled backups: set BACKUP_DIR, or run npm run backup -- FILE.',
    );
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it('shows a fall as a negative change', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor({
        previous: {
          from: '2026-11-18',
          to: '2026-11-19',
          total: 7000,
          shipping: 0,
          tax: 0,
          orders: 5,
          purchases: 5,
        },
      }),
    ]);
    expect(await screen.findByText('-50%')).toBeInTheDocument();
  });

  it('gives no percentage when the previous period had no revenue', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor({
        previous: {
          from: '2026-11-18',
          to: '2026-11-19',
          total: 0,
          shipping: 0,
          tax: 0,
          orders: 0,
          purchases: 0,
        },
      }),
    ]);
    expect(
      await screen.findByText('No revenue in the previous period ($0 in 18 Nov – 19 Nov 2026).'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('leads a day of the table to the orders paid that day, and the page opens them', async () => {
    const { user, router } = setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      statsFor(),
      handle(routes.orders.adminList, () => ({
        status: 200,
        body: { items: [], total: 0, page: 1, limit: 25 },
      })),
    ]);
    await screen.findByTestId('revenue-total');
    const day = within(revenueTable()).getByRole('link', { name: '20 Nov 2026' });
    expect(day).toHaveAttribute(
      'href',
      '/dashboard/manageallorders?paidFrom=2026-11-20&paidTo=2026-11-20',
    );
    await user.click(day);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Orders' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?paidFrom=2026-11-20&paidTo=2026-11-20');
  });

  it('leads a week to its Monday to Sunday, cut to the period shown', async () => {
    setUp('/dashboard/overview?from=2026-11-18&to=2026-11-30&interval=week', [
      statsFor({
        revenue: [
          { period: '2026-11-16', total: 100, shipping: 0, tax: 0, orders: 1, purchases: 1 },
          { period: '2026-11-23', total: 200, shipping: 0, tax: 0, orders: 2, purchases: 2 },
          { period: '2026-11-30', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
        ],
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Revenue per week' });
    const hrefs = within(table)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Week of 16 Nov 2026', '/dashboard/manageallorders?paidFrom=2026-11-18&paidTo=2026-11-22'],
      ['Week of 23 Nov 2026', '/dashboard/manageallorders?paidFrom=2026-11-23&paidTo=2026-11-29'],
      ['Week of 30 Nov 2026', '/dashboard/manageallorders?paidFrom=2026-11-30&paidTo=2026-11-30'],
    ]);
  });

  it('leads every other figure to the list it summarises', async () => {
    setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [statsFor()]);
    await screen.findByTestId('revenue-total');
    const hrefOf = (name: string | RegExp, scope: HTMLElement = document.body) =>
      within(scope).getByRole('link', { name }).getAttribute('href');

    const states = screen.getByRole('table', { name: 'Orders by state' });
    // Purchases, in the glossary's words: a purchase of many lines counts once.
    expect(hrefOf('Waiting for payment', states)).toBe('/dashboard/manageallorders?status=unpaid');
    expect(hrefOf('Paid', states)).toBe('/dashboard/manageallorders?status=paid');
    expect(hrefOf('Partially shipped', states)).toBe('/dashboard/manageallorders?status=paid');
    expect(hrefOf('Shipped', states)).toBe('/dashboard/manageallorders?status=shipped');
    expect(within(states).getByText('Shipped').closest('tr')).toHaveTextContent('5');
    expect(within(states).getByText('Waiting for approval').closest('tr')).toHaveTextContent('1');
    expect(
      within(states).getByText('Pieces held by unpaid orders').closest('tr'),
    ).toHaveTextContent('1,200');

    const products = screen.getByRole('list', { name: 'Top products by revenue' });
    expect(hrefOf('Vector X8 Processor', products)).toBe(
      '/dashboard/manageallorders?q=Vector+X8+Processor&paidFrom=2026-11-20&paidTo=2026-11-21',
    );
    expect(products).toHaveTextContent('$2,500');
    // Companies first-class in the ranking; a person without one by name.
    const customers = screen.getByRole('list', { name: 'Top buyers by revenue' });
    expect(hrefOf('Acme Components Ltd', customers)).toBe(
      '/dashboard/manageallorders?q=Acme+Components+Ltd&paidFrom=2026-11-20&paidTo=2026-11-21',
    );
    expect(hrefOf('SAM TRADER', customers)).toBe(
      '/dashboard/manageallorders?q=sam%40example.com&paidFrom=2026-11-20&paidTo=2026-11-21',
    );
    expect(hrefOf('Nimbus Tower Case')).toBe('/dashboard/manageproducts/p-9/edit');
    expect(hrefOf('See the customers')).toBe('/dashboard/makeadmin');

    const expiring = screen.getByRole('list', { name: 'Unpaid orders about to expire' });
    expect(hrefOf('PW-000042', expiring)).toBe(
      '/dashboard/manageallorders?q=PW-000042&status=unpaid',
    );
    expect(expiring).toHaveTextContent('2 h 05 min left');
  });

  it('shows the table of a chart when asked, and hides it again', async () => {
    const { user } = setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [statsFor()]);
    await screen.findByTestId('revenue-total');
    const toggle = screen.getAllByRole('button', { name: 'Show as a table' })[0]!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the table');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Show as a table');
  });

  it('adds up days with cents to the cent, and shows them with two decimals (issue 27)', async () => {
    setUp('/dashboard/overview?from=2026-11-19&to=2026-11-21', [
      statsFor({
        from: '2026-11-19',
        revenue: [
          { period: '2026-11-19', total: 0.3, shipping: 0, tax: 0, orders: 1, purchases: 1 },
          { period: '2026-11-20', total: 0.6, shipping: 0, tax: 0, orders: 1, purchases: 1 },
          { period: '2026-11-21', total: 0.1, shipping: 0, tax: 0, orders: 1, purchases: 1 },
        ],
      }),
    ]);
    // 0.3 + 0.6 + 0.1 is 0.9999999999999999 in floating point ("$1.00"); the page adds cents.
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent(/^\$1$/);
    expect(revenueTable()).toHaveTextContent('$0.30');
  });

  it('welcomes a new shop, with the way to its products', async () => {
    setUp('/dashboard/overview', [
      statsFor({
        ...noFigures,
        revenue: [{ period: '2026-11-20', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 }],
      }),
    ]);
    const welcome = await screen.findByRole('region', { name: 'No orders yet' });
    expect(within(welcome).getByRole('link', { name: 'Manage Products' })).toHaveAttribute(
      'href',
      '/dashboard/manageproducts',
    );
    expect(screen.queryByTestId('revenue-total')).not.toBeInTheDocument();
  });

  it('opens on the last 30 days by day, and writes a preset, the interval and custom dates into the URL', async () => {
    const today = todayIn(timeZone);
    const { user, router, callsTo } = setUp('/dashboard/overview', [statsFor()]);
    const asked = () => callsTo(routes.stats.overview).at(-1)?.query as StatsQuery | undefined;

    await screen.findByTestId('revenue-total');
    expect(asked()).toEqual({ from: addDays(today, -29), to: today, interval: 'day' });
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(period).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d'));
    await waitFor(() =>
      expect(asked()).toEqual({ from: addDays(today, -6), to: today, interval: 'day' }),
    );

    const interval = screen.getByRole('group', { name: 'Interval' });
    await user.click(within(interval).getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d&interval=week'));
    await waitFor(() =>
      expect(asked()).toEqual({ from: addDays(today, -6), to: today, interval: 'week' }),
    );

    const custom = screen.getByRole('form', { name: 'Custom period' });
    const from = within(custom).getByLabelText('From');
    const to = within(custom).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(within(custom).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31&interval=week'),
    );
    await waitFor(() =>
      expect(asked()).toEqual({ from: '2026-10-01', to: '2026-10-31', interval: 'week' }),
    );
    expect(within(period).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it.each([
    ['/dashboard/overview?from=2026-11-30&to=2026-11-01', statsMessages.order],
    ['/dashboard/overview?from=9999-12-01&to=9999-12-31', dateMessages.range],
    ['/dashboard/overview?from=2025-01-01&to=2026-11-01', statsMessages.long],
  ])("shows the API's message for a period it refuses (%s)", async (path, message) => {
    setUp(path, [
      answer(routes.stats.overview, 400, { statusCode: 400, error: 'Bad Request', message }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers a retry when the figures could not be loaded', async () => {
    let fail = true;
    const { user } = setUp('/dashboard/overview?from=2026-11-20&to=2026-11-21', [
      handle(routes.stats.overview, () =>
        fail
          ? offContract(500, { statusCode: 500, error: 'Internal Server Error', message: 'Down.' })
          : { status: 200, body: november },
      ),
    ]);
    expect(await screen.findByText('We could not load the overview.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$3,500');
  });

  describe('Download CSV', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('downloads the figures of the period shown as overview-<from>-<to>.csv', async () => {
      const saved: string[] = [];
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:overview');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const { user, callsTo } = setUp(
        '/dashboard/overview?from=2026-11-20&to=2026-11-21&interval=week',
        [statsFor(), handle(routes.stats.csv, () => ({ status: 200, body: 'period\r\n' }))],
      );
      await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual(['overview-2026-11-20-2026-11-21.csv']));
      expect(callsTo(routes.stats.csv).map((call) => call.query)).toEqual([
        { from: '2026-11-20', to: '2026-11-21', interval: 'week' },
      ]);
    });
  });
});
