import { messages } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { customer, signedIn } from '../../../../test/auth-mock';
import { makeOrder, testConfig } from '../../../../test/factories';
import { answer, handle, mockApi, type Mocks, routes } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';

// Stripe.js itself comes from js.stripe.com; here stand-ins record what the form asks of it.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  card: { element: 'card' },
}));

vi.mock('@stripe/stripe-js', () => ({
  loadStripe: stripe.loadStripe.mockImplementation(async () => ({
    confirmCardPayment: stripe.confirmCardPayment,
  })),
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: function CardElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="stripe-card-element" />;
  },
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const order = makeOrder(1, { price: 7200 });
const clientSecret = 'pi_live1_secret_xyz';
const stripeConfig = {
  ...testConfig,
  payment: { gateway: 'stripe' as const, publishableKey: 'pk_test_123' },
};

// The Stripe form is its own chunk: its first import in a test run takes a moment.
const cardElement = () => screen.findByTestId('stripe-card-element', {}, { timeout: 5000 });

function setUp(extra: Mocks = []) {
  const api = mockApi([
    answer(routes.settings.config, 200, stripeConfig),
    signedIn(customer),
    answer(routes.orders.get, 200, order),
    answer(routes.payments.createIntent, 200, { clientSecret }),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/payment/${order._id}`) };
}

describe('Payment page with the Stripe gateway', () => {
  it('shows the CardElement instead of the test fields, with the publishable key', async () => {
    setUp();
    expect(await cardElement()).toBeInTheDocument();
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('keeps Pay disabled until the client secret has arrived', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setUp([
      handle(routes.payments.createIntent, async () => {
        await gate;
        return { status: 200, body: { clientSecret } };
      }),
    ]);
    await cardElement();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  });

  it("shows Stripe's card error above Pay and records nothing", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { user, callsTo } = setUp();
    await cardElement();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() =>
      expect(screen.getByTestId('card-error')).toHaveTextContent('Your card was declined.'),
    );
    expect(callsTo(routes.orders.recordPayment)).toHaveLength(0);
  });

  it('confirms with the CardElement and billing details, then records the payment', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_live1', status: 'succeeded' },
    });
    const paid = makeOrder(1, { ...order, paid: true, transactionId: 'pi_live1' });
    const { user, callsTo } = setUp([
      answer(routes.orders.recordPayment, 200, { acknowledged: true, order: paid }),
    ]);
    await cardElement();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText(messages.paymentCompletedInline)).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(clientSecret, {
      payment_method: {
        card: stripe.card,
        billing_details: { name: customer.name, email: customer.email },
      },
    });
    expect(callsTo(routes.orders.recordPayment).map((call) => [call.params, call.body])).toEqual([
      [{ id: order._id }, { _id: order._id, transactionId: 'pi_live1' }],
    ]);
  });
});
