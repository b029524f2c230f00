import { ACCESS_TOKEN_KEY, messages, type Order, type Purchase } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { formatPrice } from '../../lib/format';
import { makeOrder, makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, type Mock, mockApi, type Mocks, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const unpaid = makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, price: 7200 });
const paid = makeOrder(2, {
  productName: 'Atlas 850W Power Supply',
  paid: true,
  transactionId: 'pi_paid123',
});
const shipped = makeOrder(3, {
  productName: 'Nimbus Tower Case',
  paid: true,
  shipping: true,
  transactionId: 'pi_shipped456',
});

/** The purchases `orders` are lines of (their purchaseId), in the server's shape. */
function purchasesOf(orders: Order[], poNumbers: Record<string, string> = {}): Purchase[] {
  const ids = [...new Set(orders.map((order) => order.purchaseId))];
  return ids.map((id) => {
    const lines = orders.filter((order) => order.purchaseId === id);
    const unpaid = lines.filter((order) => !order.paid);
    return makePurchase({
      _id: id,
      number: lines[0]!.purchaseNumber,
      createdAt: lines[0]!.createdAt,
      name: lines[0]!.name,
      email: lines[0]!.email,
      phone: lines[0]!.number,
      address: lines[0]!.address,
      shipTo: null,
      poNumber: poNumbers[id] ?? null,
      company: null,
      taxId: null,
      orders: lines,
      status: unpaid.length > 0 ? 'unpaid' : 'paid',
      paidAt: null,
      shippedAt: null,
      invoiceNumber: null,
      rejectionReason: null,
      awaitingLines: [],
      shipments: [],
      companyId: null,
      billingAddress: null,
    });
  });
}

/** GET /purchases' answer: the page of `all` the query asks for (50 a page unless told). */
function pageOf(all: Purchase[], query: Record<string, string> = {}) {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 50);
  return { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
}

/** The signed-in customer's list answered with the purchases of `orders`. */
const ordersOf = (orders: () => Order[], poNumbers: Record<string, string> = {}) =>
  handle(routes.purchases.listOwn, ({ query }) => ({
    status: 200,
    body: pageOf(purchasesOf(orders(), poNumbers), query),
  }));

function setUp(orders: Mock, extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    orders,
    extra,
  ]);
  return { server, ...api, ...renderApp('/dashboard/myorders') };
}

const rowOf = async (productName: string) =>
  (await screen.findByText(productName)).closest('tr') as HTMLElement;

describe('My Orders', () => {
  it('lists the orders with quantity, total and status; Pay only for unpaid ones', async () => {
    setUp(ordersOf(() => [unpaid, paid, shipped]));

    const unpaidRow = await rowOf(unpaid.productName);
    expect(unpaidRow).toHaveTextContent('60');
    expect(unpaidRow).toHaveTextContent('$7,200');
    expect(unpaidRow).toHaveTextContent('Unpaid');
    expect(unpaidRow).toHaveTextContent(/Held until \d{1,2} Nov, \d\d:\d\d/);
    expect(within(unpaidRow).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(within(unpaidRow).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // The picture is decoration beside the product's name.
    expect(unpaidRow.querySelector('img')).toHaveAttribute('src', unpaid.img);

    const paidRow = await rowOf(paid.productName);
    expect(paidRow).toHaveTextContent('Paid');
    expect(paidRow).not.toHaveTextContent('Unpaid');
    expect(paidRow).toHaveTextContent('pi_paid123');
    expect(paidRow).not.toHaveTextContent('Held until');
    expect(within(paidRow).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(paidRow).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    const shippedRow = await rowOf(shipped.productName);
    expect(shippedRow).toHaveTextContent('Shipped');
    expect(shippedRow).toHaveTextContent('pi_shipped456');
    expect(within(shippedRow).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(paidRow).not.toHaveTextContent('Test payment');
  });

  it('tells the customer an order was paid with a test card', async () => {
    const testPaid = makeOrder(4, { paid: true, transactionId: 'pi_sandbox1', testPayment: true });
    setUp(ordersOf(() => [testPaid]));
    const row = await rowOf(testPaid.productName);
    expect(row).toHaveTextContent('Paid');
    expect(within(row).getByText('Test payment')).toBeVisible();
  });

  it('asks before cancelling: No keeps the order, Yes deletes it and reloads the list', async () => {
    let orders: Order[] = [unpaid, paid];
    const { user, callsTo } = setUp(
      ordersOf(() => orders),
      [
        handle(routes.orders.cancel, () => {
          orders = [paid];
          return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
        }),
      ],
    );

    const row = await rowOf(unpaid.productName);
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: messages.confirmCancelOrder });
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      /^Are You Sure, You Want To Cancel The Order!$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(routes.orders.cancel)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );

    await waitFor(() => expect(screen.queryByText(unpaid.productName)).not.toBeInTheDocument());
    expect(callsTo(routes.orders.cancel).map((call) => call.params)).toEqual([{ id: unpaid._id }]);
    const lists = callsTo(routes.purchases.listOwn);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.map((call) => call.query)).toContainEqual({
      email: customer.email,
      page: '1',
      limit: '50',
    });
    expect(screen.getByText(paid.productName)).toBeInTheDocument();
  });

  it("shows the server's refusal of a cancel in an error toast", async () => {
    const { user } = setUp(
      ordersOf(() => [unpaid]),
      [
        answer(routes.orders.cancel, 409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'This order is already paid.',
        }),
      ],
    );
    await user.click(
      within(await rowOf(unpaid.productName)).getByRole('button', { name: 'Cancel' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('This order is already paid.')).toBeInTheDocument();
  });

  it.each([401, 403] as const)(
    'signs the user out and goes to / when the list answers %i',
    async (status) => {
      const { server, router } = setUp(
        answer(routes.purchases.listOwn, status, {
          statusCode: status,
          error: 'Refused',
          message: 'Not allowed.',
        }),
      );

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(server.current).toBeNull());
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(
        await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' }),
      ).toBeInTheDocument();
    },
  );

  it("asks a customer's role for the menu from /company/spending, never GET /company and its 404", async () => {
    const { callsTo } = setUp(
      ordersOf(() => [unpaid]),
      [
        answer(routes.companies.spending, 200, {
          companyId: null,
          companyName: null,
          role: null,
          spendingLimit: null,
          spentThisMonth: 0,
          paymentTerms: null,
          onHold: false,
          holdReason: null,
        }),
      ],
    );
    await rowOf(unpaid.productName);
    await waitFor(() => expect(callsTo(routes.companies.spending).length).toBeGreaterThan(0));
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(menu).getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
    expect(callsTo(routes.companies.mine)).toEqual([]);
  });

  it('offers the products when there are no orders yet', async () => {
    setUp(ordersOf(() => []));
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('groups the lines by purchase under its number, date, PO and total', async () => {
    const purchaseId = testId(700);
    const inOne = (order: Order): Order => ({ ...order, purchaseId, purchaseNumber: 'PW-000700' });
    const lines = [inOne(unpaid), inOne(paid)];
    setUp(ordersOf(() => [...lines, shipped], { [purchaseId]: 'PO-2026-0042' }));

    const groups = await screen.findAllByTestId('purchase-group');
    expect(groups).toHaveLength(2);
    const [first, second] = groups;
    const heading = within(first!).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('Purchase PW-000700');
    expect(within(heading).getByRole('link')).toHaveAttribute(
      'href',
      `/dashboard/purchases/${purchaseId}`,
    );
    expect(first).toHaveTextContent('PO-2026-0042');
    expect(first).toHaveTextContent(/Placed\s*22 Nov/);
    expect(first).toHaveTextContent(`Total${formatPrice(unpaid.price + paid.price)}`);
    expect(within(first!).getAllByTestId('order-row')).toHaveLength(2);
    expect(within(first!).getByRole('table')).toHaveAccessibleName('Purchase PW-000700');
    expect(second).toHaveTextContent(`Purchase ${shipped.purchaseNumber}`);
    expect(second).not.toHaveTextContent('PO');
    expect(within(second!).getAllByTestId('order-row')).toHaveLength(1);
  });

  it("shows each purchase's subtotal, shipping and method, tax lines, reverse charge and total (issue 29)", async () => {
    const [base] = purchasesOf([unpaid]);
    setUp(
      answer(
        routes.purchases.listOwn,
        200,
        pageOf([
          {
            ...base!,
            subtotal: 7200,
            shipping: 11.5,
            tax: 0,
            total: 7211.5,
            shippingMethod: {
              _id: testId(501),
              name: 'UPS Ground',
              carrier: 'UPS',
              days: { min: 1, max: 5 },
            },
            taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base: 7211.5, amount: 0 }],
            reverseCharge: true,
            taxNote: 'Reverse charge: VAT to be accounted for by the recipient.',
          },
        ]),
      ),
    );
    const group = await screen.findByTestId('purchase-group');
    expect(group).toHaveTextContent('Subtotal$7,200');
    expect(group).toHaveTextContent('Shipping$11.50 (UPS Ground, 1-5 business days)');
    expect(group).toHaveTextContent('VAT reverse charge 0 %$0');
    expect(group).toHaveTextContent('VATReverse charge');
    expect(within(group).getByTestId('purchase-total')).toHaveTextContent('Total$7,211.50');
  });

  it('names every cell, so the rows read as cards on a phone', async () => {
    setUp(ordersOf(() => [unpaid]));
    const row = await rowOf(unpaid.productName);
    expect(row.closest('table')?.className).toMatch(/cards/);
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.dataset.label)).toEqual([
      'Product',
      'Quantity',
      'Total',
      'Status',
      'Actions',
    ]);
  });

  it('shows a purchase waiting for approval with its lines and no Pay', async () => {
    const [awaiting] = purchasesOf([unpaid]);
    setUp(
      answer(
        routes.purchases.listOwn,
        200,
        pageOf([
          {
            ...awaiting!,
            orders: [],
            status: 'awaiting_approval',
            unpaidTotal: 0,
            awaitingLines: [
              {
                productId: unpaid.productId!,
                productName: unpaid.productName,
                img: unpaid.img,
                quantity: 60,
                unitPrice: 120,
                price: 7200,
                shippingCharge: 0,
                tax: 0,
              },
            ],
          },
        ]),
      ),
    );
    const group = await screen.findByTestId('purchase-group');
    expect(await within(group).findByTestId('awaiting-line')).toHaveTextContent(
      'Waiting for approval',
    );
    expect(group).toHaveTextContent(/StatusWaiting for approval/);
    expect(within(group).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('asks the server for the status chosen and the words typed, and shows why a purchase was not approved (issue 28)', async () => {
    const [base] = purchasesOf([unpaid]);
    const rejected: Purchase = {
      ...base!,
      orders: [],
      status: 'rejected',
      unpaidTotal: 0,
      rejectionReason: 'Over the Q3 budget.',
      awaitingLines: [
        {
          productId: unpaid.productId!,
          productName: 'Rack Rail Kit',
          img: unpaid.img,
          quantity: 2,
          unitPrice: 60,
          price: 120,
          shippingCharge: 0,
          tax: 0,
        },
      ],
    };
    const all = [...purchasesOf([paid]), rejected];
    const { user, callsTo } = setUp(
      handle(routes.purchases.listOwn, ({ query }) => {
        const status = query.status;
        const q = query.q?.toLowerCase();
        const matching = all.filter(
          (purchase) =>
            (!status || purchase.status === status) &&
            (!q ||
              [...purchase.orders, ...purchase.awaitingLines].some((line) =>
                line.productName.toLowerCase().includes(q),
              )),
        );
        return { status: 200, body: pageOf(matching, query) };
      }),
    );
    expect(await screen.findAllByTestId('purchase-group')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Not approved');
    await waitFor(() => expect(screen.getAllByTestId('purchase-group')).toHaveLength(1));
    const group = screen.getByTestId('purchase-group');
    expect(within(group).getByTestId('purchase-status')).toHaveTextContent('Not approved');
    expect(within(group).getByTestId('rejection-reason')).toHaveTextContent('Over the Q3 budget.');
    expect(callsTo(routes.purchases.listOwn).at(-1)?.query).toMatchObject({
      status: 'rejected',
      page: '1',
    });

    await user.type(screen.getByRole('searchbox', { name: 'Search your orders' }), 'atlas');
    expect(await screen.findByText('No order matches this search.')).toBeInTheDocument();
    expect(callsTo(routes.purchases.listOwn).at(-1)?.query).toMatchObject({
      status: 'rejected',
      q: 'atlas',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    expect(await rowOf('Atlas 850W Power Supply')).toBeInTheDocument();
    expect(callsTo(routes.purchases.listOwn).at(-1)?.query).not.toHaveProperty('status');
  });

  it('shows 50 purchases a page, newest first, with Previous and Next', async () => {
    const orders = Array.from({ length: 52 }, (_, i) =>
      makeOrder(i + 1, { productName: `Listed Part ${i + 1}` }),
    );
    const { user, callsTo } = setUp(ordersOf(() => orders));
    expect(await rowOf('Listed Part 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('purchase-group')).toHaveLength(50);
    expect(screen.queryByText('Listed Part 51')).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of purchases' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–50 of 52');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await rowOf('Listed Part 52')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('purchase-group')).toHaveLength(2));
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 51–52 of 52');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsTo(routes.purchases.listOwn).map((call) => call.query.page)).toEqual(['1', '2']);
  });

  it('goes back a page when cancelling empties the last one', async () => {
    let orders = Array.from({ length: 51 }, (_, i) =>
      makeOrder(i + 1, { productName: `Listed Part ${i + 1}` }),
    );
    const last = orders.at(-1)!;
    const { user } = setUp(
      ordersOf(() => orders),
      [
        handle(routes.orders.cancel, ({ params }) => {
          orders = orders.filter((order) => order._id !== params.id);
          return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
        }),
      ],
    );
    await rowOf('Listed Part 1');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of purchases' })).getByRole('button', {
        name: 'Next',
      }),
    );
    await user.click(within(await rowOf(last.productName)).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await rowOf('Listed Part 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('purchase-group')).toHaveLength(50));
    expect(screen.queryByRole('navigation', { name: 'Pages of purchases' })).toBeNull();
  });
});
