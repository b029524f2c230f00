import { messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../../../test/auth-mock';
import { makeOrder, testConfig } from '../../../../test/factories';
import { mockApi, type MockAnswer, type MockHandler } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';

const order = makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, price: 7200 });
const orderPath = `/order/${order._id}`;
const clientSecret = 'pi_test123_secret_abc';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const declined: MockAnswer = {
  status: 402,
  body: {
    error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  },
};
const succeeded: MockAnswer = {
  body: {
    paymentIntent: { id: 'pi_test123', status: 'succeeded', amount: 720000, currency: 'usd' },
  },
};

function setUp(extra: Record<string, MockHandler | MockAnswer> = {}) {
  const api = mockApi({
    'GET /config': { body: testConfig },
    ...signedIn(customer),
    [`GET ${orderPath}`]: { body: order },
    'POST /create-payment-intent': { body: { clientSecret } },
    ...extra,
  });
  return { ...api, ...renderApp(`/dashboard/payment/${order._id}`) };
}

/** A handler that waits until the test lets it answer. */
function held(answer: MockAnswer) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: MockHandler = async () => {
    await gate;
    return answer;
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
  it('shows the order and TEST MODE card fields; Pay waits for the client secret', async () => {
    const intent = held({ body: { clientSecret } });
    const { calls } = setUp({ 'POST /create-payment-intent': intent.handler });

    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByRole('heading', { name: 'Pay $7200' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Vector X8 Processor');
    expect(summary).toHaveTextContent('Quantity: 60 pieces');
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(
      screen.getByText(/4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined/),
    ).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();

    intent.release();
    await waitFor(async () => expect(await payButton()).toBeEnabled());
    expect(calls.find((call) => call.path === '/create-payment-intent')?.body).toEqual({
      orderId: order._id,
      price: order.price,
    });
  });

  it('shows a declined card in red above Pay and records no payment', async () => {
    const { user, calls } = setUp({ 'POST /sandbox/payment-intents/confirm': declined });
    await fillCard(user, '4000 0000 0000 0002');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    const error = screen.getByTestId('card-error');
    await waitFor(() => expect(error).toHaveTextContent(/^Your card was declined\.$/));
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(error.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT' && call.path === orderPath)).toHaveLength(
      0,
    );
    expect(screen.queryByText(messages.paymentCompletedInline)).not.toBeInTheDocument();
    expect(pay).toBeEnabled();
  });

  it('says which card field is incomplete without asking the gateway', async () => {
    const { user, calls } = setUp();
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(screen.getByTestId('card-error')).toHaveTextContent('Your card number is incomplete.');
    expect(calls.filter((call) => call.path.startsWith('/sandbox'))).toHaveLength(0);
  });

  it('confirms the card with the billing details, records the payment and shows the transaction id', async () => {
    const paid = { ...order, paid: true, transactionId: 'pi_test123', status: 'Pending' };
    const { user, calls } = setUp({
      'POST /sandbox/payment-intents/confirm': succeeded,
      [`PUT ${orderPath}`]: { body: { acknowledged: true, order: paid } },
    });
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

    expect(calls.find((call) => call.path === '/sandbox/payment-intents/confirm')?.body).toEqual({
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2000 + Number(nextYear),
        cvc: '123',
      },
      billingDetails: { name: customer.name, email: customer.email },
    });
    expect(calls.find((call) => call.method === 'PUT' && call.path === orderPath)?.body).toEqual({
      _id: order._id,
      transactionId: 'pi_test123',
    });
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows a paid order as already paid, without a card form or a new payment intent', async () => {
    const paid = { ...order, paid: true, transactionId: 'pi_old789', status: 'Pending' };
    const { calls } = setUp({ [`GET ${orderPath}`]: { body: paid } });

    const notice = await screen.findByTestId('already-paid');
    expect(notice).toHaveTextContent('This order is already paid.');
    expect(notice).toHaveTextContent('pi_old789');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/create-payment-intent')).toHaveLength(0);
  });

  it.each([
    [403, 'This order belongs to another account.'],
    [404, 'We could not find this order.'],
  ])('explains an order answered with %i', async (status, text) => {
    const { router } = setUp({
      [`GET ${orderPath}`]: {
        status,
        body: { statusCode: status, error: 'Refused', message: 'No.' },
      },
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/payment/${order._id}`);
  });
});
