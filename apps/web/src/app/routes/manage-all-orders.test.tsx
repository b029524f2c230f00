import { messages, type Order } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, signedIn } from '../../test/auth-mock';
import { makeOrder, testConfig } from '../../test/factories';
import { answer, handle, type Mock, mockApi, type Mocks, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

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

/** Every customer's orders answered with `orders`. */
const ordersOf = (orders: () => Order[]) =>
  handle(routes.orders.listAll, () => ({ status: 200, body: orders() }));

function setUp(orders: Mock, extra: Mocks = []) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(admin),
    orders,
    extra,
  ]);
  return { ...api, ...renderApp('/dashboard/manageallorders') };
}

const rowOf = async (productName: string) =>
  (await screen.findByText(productName)).closest('tr') as HTMLElement;

describe('Manage All Orders', () => {
  it('shows every order with its customer and the Unpaid, Pending and Shipping states', async () => {
    setUp(ordersOf(() => [unpaid, pending, shipped]));

    const unpaidRow = await rowOf(unpaid.productName);
    expect(unpaidRow).toHaveTextContent(unpaid.name);
    expect(unpaidRow).toHaveTextContent(unpaid.email);
    expect(unpaidRow).toHaveTextContent(String(unpaid.quantity));
    expect(unpaidRow).toHaveTextContent(`$${unpaid.price}`);
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
});
