import {
  messages,
  type AdminOrder,
  type AdminOrderPage,
  type Order,
  type Purchase,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, signedIn } from '../../test/auth-mock';
import { makeOrder, makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, type Mock, mockApi, type Mocks, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { formatPrice } from '../../lib/format';

const unpaid = makeOrder(1, { productName: 'Vector X8 Processor' });
const pending = makeOrder(2, {
  productName: 'Atlas 850W Power Supply',
  name: 'SAM TRADER',
  email: 'sam@example.com',
  paid: true,
  transactionId: 'pi_pending1',
});
const shipped = makeOrder(3, {
  productName: 'Nimbus Tower Case',
  paid: true,
  shipping: true,
  transactionId: 'pi_shipped1',
});

/** An order as the admin's list carries it: with the purchase's PO number and company. */
const asAdmin = (order: Order, extra: Partial<AdminOrder> = {}): AdminOrder => ({
  ...order,
  poNumber: null,
  company: null,
  taxId: null,
  ...extra,
});

/** GET /admin/orders answered with `orders`, as one page whatever the query. */
const ordersOf = (orders: () => Order[]) =>
  handle(routes.orders.adminList, () => {
    const items = orders().map((order) => asAdmin(order));
    return { status: 200, body: { items, total: items.length, page: 1, limit: 25 } };
  });

function setUp(orders: Mock, extra: Mocks = [], path = '/dashboard/manageallorders') {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(admin),
    orders,
    extra,
  ]);
  return { ...api, ...renderApp(path) };
}

const rowOf = async (productName: string) =>
  (await screen.findByText(productName)).closest('tr') as HTMLElement;

describe('Manage All Orders', () => {
  it("shows each line's shipping share and tax beside its price (issue 29)", async () => {
    const charged = { ...unpaid, shippingCharge: 11.5, tax: 60.35, total: unpaid.price + 71.85 };
    setUp(ordersOf(() => [charged, pending]));
    const row = await rowOf(unpaid.productName);
    expect(within(row).getByTestId('line-charges')).toHaveTextContent(
      '+ $11.50 shipping, $60.35 tax',
    );
    expect(within(await rowOf(pending.productName)).queryByTestId('line-charges')).toBeNull();
  });

  it('shows every order with its customer and the Unpaid, Pending and Shipping states', async () => {
    setUp(ordersOf(() => [unpaid, pending, shipped]));

    const unpaidRow = await rowOf(unpaid.productName);
    expect(unpaidRow).toHaveTextContent(unpaid.name);
    expect(unpaidRow).toHaveTextContent(unpaid.email);
    expect(unpaidRow).toHaveTextContent(String(unpaid.quantity));
    expect(unpaidRow).toHaveTextContent(formatPrice(unpaid.price));
    expect(unpaidRow).toHaveTextContent('Unpaid');
    expect(within(unpaidRow).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(unpaidRow).queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();

    const pendingRow = await rowOf(pending.productName);
    expect(pendingRow).toHaveTextContent('SAM TRADER');
    expect(pendingRow).toHaveTextContent('sam@example.com');
    expect(pendingRow).toHaveTextContent('Pending');
    expect(pendingRow).not.toHaveTextContent('Unpaid');
    expect(within(pendingRow).getByRole('button', { name: 'Ship' })).toBeEnabled();
    expect(within(pendingRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const shippedRow = await rowOf(shipped.productName);
    expect(within(shippedRow).getByRole('button', { name: 'Shipping' })).toBeDisabled();
    expect(within(shippedRow).queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(within(shippedRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('marks orders paid with a test card "Test payment" next to their status, and no others', async () => {
    const testPaid = makeOrder(4, {
      productName: 'Quartz 2TB Drive',
      paid: true,
      transactionId: 'pi_sandbox1',
      testPayment: true,
    });
    const testShipped = makeOrder(5, {
      productName: 'Helix Cooler',
      paid: true,
      shipping: true,
      transactionId: 'pi_sandbox2',
      testPayment: true,
    });
    setUp(ordersOf(() => [unpaid, pending, testPaid, testShipped]));

    const testPaidRow = await rowOf(testPaid.productName);
    expect(within(testPaidRow).getByText('Test payment')).toBeVisible();
    expect(testPaidRow).toHaveTextContent('Pending');
    expect(within(testPaidRow).getByRole('button', { name: 'Ship' })).toBeEnabled();
    expect(within(await rowOf(testShipped.productName)).getByText('Test payment')).toBeVisible();
    expect(await rowOf(pending.productName)).not.toHaveTextContent('Test payment');
    expect(await rowOf(unpaid.productName)).not.toHaveTextContent('Test payment');
  });

  it('ships a paid order and then shows Shipping, disabled', async () => {
    let orders: Order[] = [pending];
    const shippedNow = makeOrder(2, { ...pending, shipping: true });
    const { user, callsTo } = setUp(
      ordersOf(() => orders),
      [
        handle(routes.orders.ship, () => {
          orders = [shippedNow];
          return { status: 200, body: { acknowledged: true, order: shippedNow } };
        }),
      ],
    );

    const row = await rowOf(pending.productName);
    await user.click(within(row).getByRole('button', { name: 'Ship' }));
    // The dialog asks for the carrier and tracking number, and ships only once confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    expect(callsTo(routes.orders.ship)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Carrier' }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '1Z999AA1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));

    expect(
      await within(await rowOf(pending.productName)).findByRole('button', { name: 'Shipping' }),
    ).toBeDisabled();
    expect(callsTo(routes.orders.ship).map((call) => [call.params, call.body])).toEqual([
      [{ id: pending._id }, { carrier: 'UPS', trackingNumber: '1Z999AA1' }],
    ]);
    expect(await screen.findByText(/is shipping\./)).toBeInTheDocument();
  });

  it('opens the Ship dialog empty for the next order, not with the last parcel in it', async () => {
    const other = makeOrder(4, { productName: 'Harbour B650 Board', paid: true });
    let orders: Order[] = [pending, other];
    const { user, callsTo } = setUp(
      ordersOf(() => orders),
      [
        handle(routes.orders.ship, (call) => {
          const order = orders.find((o) => o._id === call.params.id)!;
          const after = { ...order, shipping: true };
          orders = orders.map((o) => (o._id === order._id ? after : o));
          return { status: 200, body: { acknowledged: true, order: after } };
        }),
      ],
    );

    await user.click(
      within(await rowOf(pending.productName)).getByRole('button', { name: 'Ship' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Carrier' }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '1Z999AA1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));
    await within(await rowOf(pending.productName)).findByRole('button', { name: 'Shipping' });

    // The second order's parcel is another: its carrier and tracking number start empty.
    await user.click(within(await rowOf(other.productName)).getByRole('button', { name: 'Ship' }));
    dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    expect(within(dialog).getByRole('textbox', { name: 'Carrier' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Tracking number' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));
    await waitFor(() => expect(callsTo(routes.orders.ship)).toHaveLength(2));
    expect(callsTo(routes.orders.ship)[1]?.body).toEqual({ carrier: null, trackingNumber: null });
  });

  it('asks before deleting an unpaid order, then deletes it', async () => {
    let orders: Order[] = [unpaid, pending];
    const { user, callsTo } = setUp(
      ordersOf(() => orders),
      [
        handle(routes.orders.remove, () => {
          orders = [pending];
          return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
        }),
      ],
    );

    await user.click(
      within(await rowOf(unpaid.productName)).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: messages.confirmCancelOrder });
    expect(callsTo(routes.orders.remove)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(routes.orders.remove)).toHaveLength(0);

    await user.click(
      within(await rowOf(unpaid.productName)).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );

    await waitFor(() => expect(screen.queryByText(unpaid.productName)).not.toBeInTheDocument());
    expect(callsTo(routes.orders.remove).map((call) => call.params)).toEqual([{ id: unpaid._id }]);
    expect(await screen.findByText('Order deleted.')).toBeInTheDocument();
  });

  it("shows the server's refusal in an error toast", async () => {
    const { user } = setUp(
      ordersOf(() => [pending]),
      [
        answer(routes.orders.ship, 409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Only paid orders can be shipped.',
        }),
      ],
    );
    await user.click(
      within(await rowOf(pending.productName)).getByRole('button', { name: 'Ship' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm shipping' }),
    );
    expect(await screen.findByText('Only paid orders can be shipped.')).toBeInTheDocument();
  });

  it('shows ship-to, phone, PO, company, the purchase linked, the total in dollars', async () => {
    const order = asAdmin(
      makeOrder(7, {
        productName: 'Orion Motherboard',
        quantity: 1200,
        price: 27800,
        address: 'Unit 4/B, Harbour Road, Leeds',
        number: '+44 20 7946 0958',
        purchaseNumber: 'PW-000042',
      }),
      { poNumber: 'PO-7781', company: 'Acme Components Ltd' },
    );
    setUp(
      handle(routes.orders.adminList, () => ({
        status: 200,
        body: { items: [order], total: 1, page: 1, limit: 25 },
      })),
    );
    const row = await rowOf('Orion Motherboard');
    expect(row).toHaveTextContent('Unit 4/B, Harbour Road, Leeds');
    expect(row).toHaveTextContent('Phone: +44 20 7946 0958');
    expect(row).toHaveTextContent('PO-7781');
    expect(row).toHaveTextContent('Acme Components Ltd');
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('$27,800');
    expect(within(row).getByRole('link', { name: 'PW-000042' })).toHaveAttribute(
      'href',
      `/dashboard/purchases/${order.purchaseId}`,
    );
    // On a phone each cell names its column (Table cardsOnPhones).
    expect(within(row).getByText('PO-7781').closest('td')).toHaveAttribute(
      'data-label',
      'PO / Company',
    );
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('searches, filters by status and pages through the API, keeping all three in the URL', async () => {
    const many = Array.from({ length: 25 }, (_, i) => asAdmin(makeOrder(10 + i)));
    const page = (query: Record<string, string>): AdminOrderPage => ({
      items: query.page === '2' ? [asAdmin(makeOrder(99, { productName: 'Last One' }))] : many,
      total: 26,
      page: Number(query.page ?? 1),
      limit: 25,
    });
    const { user, callsTo, router } = setUp(
      handle(routes.orders.adminList, ({ query }) => ({ status: 200, body: page(query) })),
    );
    expect(await screen.findByText('Showing 1–25 of 26')).toBeInTheDocument();
    expect(callsTo(routes.orders.adminList)[0]?.query).toEqual({ page: '1', limit: '25' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Last One')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–26 of 26')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');

    // A search waits for the typing to pause, asks once, and starts again at page 1.
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'PO-77');
    await waitFor(() => expect(router.state.location.search).toBe('?q=PO-77'));
    await waitFor(() =>
      expect(callsTo(routes.orders.adminList).at(-1)?.query).toEqual({
        q: 'PO-77',
        page: '1',
        limit: '25',
      }),
    );
    expect(callsTo(routes.orders.adminList).filter((call) => call.query.q)).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?q=PO-77&status=shipped'));
    await waitFor(() =>
      expect(callsTo(routes.orders.adminList).at(-1)?.query).toEqual({
        q: 'PO-77',
        status: 'shipped',
        page: '1',
        limit: '25',
      }),
    );
  });

  it('opens with the search, status and page of its URL, and says when nothing matches', async () => {
    const { callsTo } = setUp(
      handle(routes.orders.adminList, ({ query }) => ({
        status: 200,
        body: { items: [], total: 0, page: Number(query.page), limit: 25 },
      })),
      [],
      '/dashboard/manageallorders?q=acme&status=paid&page=3',
    );
    expect(await screen.findByText('No orders match this search.')).toBeInTheDocument();
    expect(callsTo(routes.orders.adminList)[0]?.query).toEqual({
      q: 'acme',
      status: 'paid',
      page: '3',
      limit: '25',
    });
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
  });

  it('asks for the paid days of its URL, shows them as a chip, and the chip removes them', async () => {
    const { user, callsTo, router } = setUp(
      ordersOf(() => [pending]),
      [],
      '/dashboard/manageallorders?q=sam&paidFrom=2026-11-16&paidTo=2026-11-22',
    );
    expect(await rowOf(pending.productName)).toBeInTheDocument();
    expect(callsTo(routes.orders.adminList)[0]?.query).toEqual({
      q: 'sam',
      paidFrom: '2026-11-16',
      paidTo: '2026-11-22',
      page: '1',
      limit: '25',
    });
    const filters = screen.getByRole('group', { name: 'Active filters' });
    expect(filters).toHaveTextContent('Paid 16 Nov – 22 Nov 2026');

    await user.click(within(filters).getByRole('button', { name: 'Remove the paid-date filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=sam'));
    await waitFor(() =>
      expect(callsTo(routes.orders.adminList).at(-1)?.query).toEqual({
        q: 'sam',
        page: '1',
        limit: '25',
      }),
    );
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('names one paid day in its chip, and keeps the paid days through a new status', async () => {
    const { user, callsTo, router } = setUp(
      ordersOf(() => [pending]),
      [],
      '/dashboard/manageallorders?paidFrom=2026-11-20&paidTo=2026-11-20',
    );
    expect(await screen.findByRole('group', { name: 'Active filters' })).toHaveTextContent(
      'Paid 20 Nov 2026',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=shipped&paidFrom=2026-11-20&paidTo=2026-11-20',
      ),
    );
    await waitFor(() =>
      expect(callsTo(routes.orders.adminList).at(-1)?.query).toEqual({
        status: 'shipped',
        paidFrom: '2026-11-20',
        paidTo: '2026-11-20',
        page: '1',
        limit: '25',
      }),
    );
  });

  it('leaves out a paid date that is no calendar date', async () => {
    const { callsTo } = setUp(
      ordersOf(() => [pending]),
      [],
      '/dashboard/manageallorders?paidFrom=2026-02-30&paidTo=yesterday',
    );
    expect(await rowOf(pending.productName)).toBeInTheDocument();
    expect(callsTo(routes.orders.adminList)[0]?.query).toEqual({ page: '1', limit: '25' });
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders at all', async () => {
    setUp(ordersOf(() => []));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it('offers no Ship purchase while a line of the purchase is unpaid: only a paid purchase ships', async () => {
    const inPurchase = (order: Order): Order => ({
      ...order,
      purchaseId: testId(778),
      purchaseNumber: 'PW-000778',
    });
    const lines = [
      inPurchase(makeOrder(21, { productName: 'Vector X8 Processor', paid: true })),
      inPurchase(makeOrder(22, { productName: 'Harbour B650 Board' })),
    ];
    setUp(ordersOf(() => lines));

    const head = (await screen.findAllByTestId('purchase-row'))[0]!;
    expect(head).toHaveTextContent('PW-000778');
    expect(within(head).queryByRole('button', { name: /Ship purchase/ })).not.toBeInTheDocument();
    // The paid line still ships on its own, with SPEC's Ship.
    const paidRow = await rowOf('Vector X8 Processor');
    expect(within(paidRow).getByRole('button', { name: 'Ship' })).toBeEnabled();
  });

  it('ships part of a purchase in one dialog: lines and quantities, carrier and tracking', async () => {
    const purchaseId = testId(777);
    const inPurchase = (order: Order): Order => ({
      ...order,
      purchaseId,
      purchaseNumber: 'PW-000777',
    });
    const paidLine = (n: number, productName: string, quantity: number) =>
      inPurchase(makeOrder(n, { productName, quantity, paid: true, transactionId: `pi_${n}` }));
    let lines = [
      paidLine(11, 'Vector X8 Processor', 10),
      paidLine(12, 'Harbour B650 Board', 4),
      paidLine(13, 'Quiet Tower Cooler', 2),
    ];
    const purchase = (): Purchase =>
      makePurchase({
        _id: purchaseId,
        number: 'PW-000777',
        createdAt: '2026-11-20T09:30:00.000Z',
        name: 'JANE BUYER',
        email: 'buyer@example.com',
        phone: '(555) 123-4567',
        address: '12 Harbour Road, Leeds',
        shipTo: null,
        poNumber: null,
        company: null,
        taxId: null,
        orders: lines,
        awaitingLines: [],
        shipments: [],
        companyId: null,
        billingAddress: null,
        total: 0,
        unpaidTotal: 0,
        status: lines.some((line) => line.shippedQuantity > 0) ? 'partially_shipped' : 'paid',
        paidAt: '2026-11-20T10:00:00.000Z',
        shippedAt: null,
        invoiceNumber: 'INV-2026-00001',
        rejectionReason: null,
      });
    const { user, callsTo } = setUp(
      ordersOf(() => lines),
      [
        handle(routes.purchases.get, () => ({ status: 200, body: purchase() })),
        handle(routes.purchases.ship, () => {
          lines = lines.map((line) =>
            line.productName === 'Vector X8 Processor' ? { ...line, shippedQuantity: 6 } : line,
          );
          lines = lines.map((line) =>
            line.productName === 'Harbour B650 Board'
              ? { ...line, shippedQuantity: 4, shipping: true, status: 'Shipping' }
              : line,
          );
          return { status: 200, body: purchase() };
        }),
      ],
    );

    // The purchase is one row above its three lines, each with SPEC's own Ship action too.
    const head = (await screen.findAllByTestId('purchase-row'))[0]!;
    expect(head).toHaveTextContent('PW-000777');
    expect(head).toHaveTextContent('3 lines');
    await user.click(within(head).getByRole('button', { name: 'Ship purchase PW-000777' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this purchase?' });
    await within(dialog).findByText('Vector X8 Processor');
    // Untick the cooler, send 6 of the 10 processors and every board.
    await user.click(within(dialog).getByRole('checkbox', { name: /Quiet Tower Cooler/ }));
    const cpus = within(dialog).getByRole('spinbutton', {
      name: 'Quantity of Vector X8 Processor',
    });
    await user.clear(cpus);
    await user.type(cpus, '6');
    await user.type(within(dialog).getByRole('textbox', { name: 'Carrier' }), 'DHL');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), 'JD0146');
    expect(callsTo(routes.purchases.ship)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ship parcel' }));

    await waitFor(() =>
      expect(callsTo(routes.purchases.ship).map((call) => [call.params, call.body])).toEqual([
        [
          { id: purchaseId },
          {
            carrier: 'DHL',
            trackingNumber: 'JD0146',
            lines: [{ orderId: lines[0]!._id, quantity: 6 }, { orderId: lines[1]!._id }],
          },
        ],
      ]),
    );
    // The list shows the partial shipment: the purchase and the line partly shipped.
    expect(await screen.findByText('Shipped 6 of 10')).toBeInTheDocument();
    expect(
      within(screen.getAllByTestId('purchase-row')[0]!).getByText('Partially shipped'),
    ).toBeVisible();
    expect(
      await screen.findByText(/PW-000777 for JANE BUYER: Partially shipped\./),
    ).toBeInTheDocument();
  });

  it('refuses a quantity above what is left of a line, before asking the server', async () => {
    const purchaseId = testId(778);
    const line = {
      ...makeOrder(14, {
        productName: 'Vector X8 Processor',
        quantity: 5,
        paid: true,
        transactionId: 'pi_14',
      }),
      purchaseId,
      purchaseNumber: 'PW-000778',
    };
    const { user, callsTo } = setUp(
      ordersOf(() => [line]),
      [
        handle(routes.purchases.get, () => ({
          status: 200,
          body: makePurchase({
            _id: purchaseId,
            number: 'PW-000778',
            createdAt: line.createdAt,
            name: line.name,
            email: line.email,
            phone: line.number,
            address: line.address,
            shipTo: null,
            poNumber: null,
            company: null,
            taxId: null,
            orders: [line],
            awaitingLines: [],
            shipments: [],
            companyId: null,
            billingAddress: null,
            total: 0,
            unpaidTotal: 0,
            status: 'paid',
            paidAt: null,
            shippedAt: null,
            invoiceNumber: null,
            rejectionReason: null,
          }),
        })),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Ship purchase PW-000778' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this purchase?' });
    const field = await within(dialog).findByRole('spinbutton', {
      name: 'Quantity of Vector X8 Processor',
    });
    await user.clear(field);
    await user.type(field, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship parcel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ship 1 to 5 of Vector X8 Processor.',
    );
    expect(callsTo(routes.purchases.ship)).toEqual([]);
  });

  describe('Download CSV', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('downloads the CSV of the current filter as orders-<date>.csv', async () => {
      const saved: string[] = [];
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:orders');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const { user, callsTo } = setUp(
        ordersOf(() => [pending]),
        [handle(routes.orders.adminCsv, () => ({ status: 200, body: 'Purchase\r\n' }))],
        '/dashboard/manageallorders?q=sam&status=paid&paidFrom=2026-11-01&paidTo=2026-11-30&page=2',
      );
      await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() =>
        expect(saved).toEqual([`orders-${new Date().toISOString().slice(0, 10)}.csv`]),
      );
      // The filter, not the page: the CSV carries every page of it.
      expect(callsTo(routes.orders.adminCsv).map((call) => call.query)).toEqual([
        { q: 'sam', status: 'paid', paidFrom: '2026-11-01', paidTo: '2026-11-30' },
      ]);
    });
  });
});
