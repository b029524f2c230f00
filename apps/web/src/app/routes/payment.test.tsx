import { messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { makeOrder, testConfig } from '../../test/factories';
import {
  answer,
  handle,
  mockApi,
  type MockHandler,
  type Mocks,
  type Reply,
  routes,
} from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import cardFormStyles from '../../features/orders/components/payment/card-form.module.css';

const order = makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, price: 7200 });
const clientSecret = 'pi_test123_secret_abc';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const declined = answer(routes.payments.sandboxConfirm, 402, {
  error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
});
const succeeded = answer(routes.payments.sandboxConfirm, 200, {
  paymentIntent: { id: 'pi_test123', status: 'succeeded', amount: 720000, currency: 'usd' },
});

function setUp(extra: Mocks = []) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(customer),
    answer(routes.orders.get, 200, order),
    answer(routes.payments.createIntent, 200, { clientSecret }),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/payment/${order._id}`) };
}

/** A handler that waits until the test lets it answer. */
function held<R>(reply: Reply<R>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: MockHandler<R> = async () => {
    await gate;
    return reply;
  };
  return { handler, release };
}

async function fillCard(user: ReturnType<typeof setUp>['user'], number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: /Expiry/ }), `12/${nextYear}`);
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

const payButton = () => screen.findByRole('button', { name: 'Pay' });

describe('Payment page', () => {
  it("asks for the line's whole charge: its price, shipping share and tax (issue 29)", async () => {
    const charged = { ...order, shippingCharge: 11.5, tax: 594.95, total: 7806.45 };
    setUp([answer(routes.orders.get, 200, charged)]);
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByRole('heading', { name: 'Pay $7,806.45' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Price: $7,200');
    expect(summary).toHaveTextContent('Shipping: $11.50');
    expect(summary).toHaveTextContent('Tax: $594.95');
    expect(summary).toHaveTextContent('Total: $7,806.45');
  });

  it('shows the order and TEST MODE card fields; Pay waits for the client secret', async () => {
    const intent = held<typeof routes.payments.createIntent>({
      status: 200,
      body: { clientSecret },
    });
    const { callsTo } = setUp([handle(routes.payments.createIntent, intent.handler)]);

    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByRole('heading', { name: 'Pay $7,200' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Vector X8 Processor');
    expect(summary).toHaveTextContent('Quantity: 60 pieces');
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(
      screen.getByText(/4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined/),
    ).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();

    intent.release();
    await waitFor(async () => expect(await payButton()).toBeEnabled());
    expect(callsTo(routes.payments.createIntent)[0]?.body).toEqual({
      orderId: order._id,
      price: order.price,
    });
  });

  it('shows a declined card in red above Pay and records no payment', async () => {
    const { user, callsTo } = setUp([declined]);
    await fillCard(user, '4000 0000 0000 0002');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    const error = screen.getByTestId('card-error');
    await waitFor(() => expect(error).toHaveTextContent(/^Your card was declined\.$/));
    expect(error).toHaveAttribute('role', 'alert');
    // Red: the form's error style (card-form.module.css), which jsdom does not lay out.
    expect(error).toHaveClass(cardFormStyles.error!);
    expect(error.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callsTo(routes.orders.recordPayment)).toHaveLength(0);
    expect(screen.queryByText(messages.paymentCompletedInline)).not.toBeInTheDocument();
    expect(pay).toBeEnabled();
  });

  it('says which card field is incomplete without asking the gateway', async () => {
    const { user, callsTo } = setUp();
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(screen.getByTestId('card-error')).toHaveTextContent('Your card number is incomplete.');
    expect(callsTo(routes.payments.sandboxConfirm)).toHaveLength(0);
  });

  it('confirms the card with the billing details, records the payment and shows the transaction id', async () => {
    const paid = makeOrder(1, { ...order, paid: true, transactionId: 'pi_test123' });
    let recorded = false;
    const { user, callsTo } = setUp([
      succeeded,
      // Once recorded, the order reads paid: the page still shows the payment it took, not
      // "already paid" (the order is read again before the recording settles).
      handle(routes.orders.get, () => ({ status: 200, body: recorded ? paid : order })),
      handle(routes.orders.recordPayment, () => {
        recorded = true;
        return { status: 200, body: { acknowledged: true, order: paid } };
      }),
    ]);
    await fillCard(user, '4242 4242 4242 4242');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    const done = await screen.findByTestId('payment-completed');
    expect(done).toHaveTextContent(messages.paymentCompletedInline);
    expect(done).toHaveTextContent('Your transaction id: pi_test123');
    expect(within(done).getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorders',
    );
    expect(await screen.findByText(messages.paymentCompletedToast)).toBeInTheDocument();

    expect(callsTo(routes.payments.sandboxConfirm)[0]?.body).toEqual({
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2000 + Number(nextYear),
        cvc: '123',
      },
      billingDetails: { name: customer.name, email: customer.email },
    });
    expect(callsTo(routes.orders.recordPayment).map((call) => [call.params, call.body])).toEqual([
      [{ id: order._id }, { _id: order._id, transactionId: 'pi_test123' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows a paid order as already paid, without a card form or a new payment intent', async () => {
    const paid = makeOrder(1, { ...order, paid: true, transactionId: 'pi_old789' });
    const { callsTo } = setUp([answer(routes.orders.get, 200, paid)]);

    const notice = await screen.findByTestId('already-paid');
    expect(notice).toHaveTextContent('This order is already paid.');
    expect(notice).toHaveTextContent('pi_old789');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(callsTo(routes.payments.createIntent)).toHaveLength(0);
  });

  it.each([
    [403, 'This order belongs to another account.'],
    [404, 'We could not find this order.'],
  ] as const)('explains an order answered with %i', async (status, text) => {
    const { router } = setUp([
      answer(routes.orders.get, status, { statusCode: status, error: 'Refused', message: 'No.' }),
    ]);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/payment/${order._id}`);
  });
});
