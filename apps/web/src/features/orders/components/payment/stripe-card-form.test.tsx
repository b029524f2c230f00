import { messages } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { customer, signedIn } from '../../../../test/auth-mock';
import { makeOrder, testConfig } from '../../../../test/factories';
import { mockApi, type MockAnswer, type MockHandler } from '../../../../test/fetch-mock';
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
const orderPath = `/order/${order._id}`;
const clientSecret = 'pi_live1_secret_xyz';
const stripeConfig = {
  ...testConfig,
  payment: { gateway: 'stripe' as const, publishableKey: 'pk_test_123' },
};

// The Stripe form is its own chunk: its first import in a test run takes a moment.
const cardElement = () => screen.findByTestId('stripe-card-element', {}, { timeout: 5000 });

function setUp(extra: Record<string, MockHandler | MockAnswer> = {}) {
  const api = mockApi({
    'GET /config': { body: stripeConfig },
    ...signedIn(customer),
    [`GET ${orderPath}`]: { body: order },
    'POST /create-payment-intent': { body: { clientSecret } },
    ...extra,
  });
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
    setUp({
      'POST /create-payment-intent': async () => {
        await gate;
        return { body: { clientSecret } };
      },
    });
    await cardElement();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  });

  it("shows Stripe's card error above Pay and records nothing", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { user, calls } = setUp();
    await cardElement();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() =>
      expect(screen.getByTestId('card-error')).toHaveTextContent('Your card was declined.'),
    );
    expect(calls.filter((call) => call.method === 'PUT' && call.path === orderPath)).toHaveLength(
      0,
    );
  });

  it('confirms with the CardElement and billing details, then records the payment', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_live1', status: 'succeeded' },
    });
    const paid = { ...order, paid: true, transactionId: 'pi_live1', status: 'Pending' };
    const { user, calls } = setUp({
      [`PUT ${orderPath}`]: { body: { acknowledged: true, order: paid } },
    });
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
    expect(calls.find((call) => call.method === 'PUT' && call.path === orderPath)?.body).toEqual({
      _id: order._id,
      transactionId: 'pi_live1',
    });
  });
});
