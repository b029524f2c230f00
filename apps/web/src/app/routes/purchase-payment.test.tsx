import { messages, type Purchase } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { makeOrder, makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const id = testId(901);
const clientSecret = 'pi_purchase_secret_abc';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  const lines = [
    makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, unitPrice: 120, price: 7200 }),
    makeOrder(2, { productName: 'Quantum RAM', quantity: 10, unitPrice: 95, price: 950 }),
    makeOrder(3, { productName: 'Paid Already SSD', quantity: 5, unitPrice: 20, price: 100 }),
  ].map((line, index) => ({
    ...line,
    paid: index === 2,
    transactionId: index === 2 ? 'pi_old' : null,
    purchaseId: id,
    purchaseNumber: 'PW-000124',
  }));
  return makePurchase({
    _id: id,
    number: 'PW-000124',
    createdAt: '2026-11-20T09:30:00.000Z',
    name: 'JANE BUYER',
    email: customer.email,
    phone: '+44 20 7946 0958',
    address: 'Unit 4/B #2, Harbour Road, Leeds',
    shipTo: null,
    poNumber: null,
    company: null,
    taxId: null,
    orders: lines,
    total: 8250,
    unpaidTotal: 8150,
    status: 'unpaid',
    paidAt: null,
    shippedAt: null,
    invoiceNumber: null,
    rejectionReason: null,
    awaitingLines: [],
    shipments: [],
    companyId: null,
    billingAddress: null,
    ...overrides,
  });
}

const paidPurchase = (): Purchase => ({
  ...purchase(),
  orders: purchase().orders.map((line) => ({ ...line, paid: true, transactionId: 'pi_all' })),
  unpaidTotal: 0,
  status: 'paid',
  paidAt: '2026-11-21T10:00:00.000Z',
  invoiceNumber: 'INV-2026-00043',
  rejectionReason: null,
});

function setUp(extra: Mocks = []) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(customer),
    answer(routes.purchases.get, 200, purchase()),
    answer(routes.payments.createIntent, 200, { clientSecret }),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/payment/purchase/${id}`) };
}

async function fillCard(user: ReturnType<typeof setUp>['user'], number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: /Expiry/ }), `12/${nextYear}`);
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('paying a whole purchase', () => {
  it('lists the unpaid lines only, asks for one intent for the purchase, and waits for it', async () => {
    const { callsTo } = setUp();
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByRole('heading', { name: 'Pay $8,150' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Vector X8 Processor');
    expect(summary).toHaveTextContent('$120 × 60 pieces = $7,200');
    expect(summary).toHaveTextContent('Quantum RAM');
    expect(summary).not.toHaveTextContent('Paid Already SSD');
    expect(summary).toHaveTextContent('2 lines, total $8,150');
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(callsTo(routes.payments.createIntent)[0]?.body).toEqual({ purchaseId: id });
  });

  it('pays, records the payment for the purchase, and goes back to it with every line Paid', async () => {
    let paid = false;
    const { user, callsTo, router } = setUp([
      handle(routes.purchases.get, () => ({
        status: 200,
        body: paid ? paidPurchase() : purchase(),
      })),
      answer(routes.payments.sandboxConfirm, 200, {
        paymentIntent: { id: 'pi_all', status: 'succeeded', amount: 815000, currency: 'usd' },
      }),
      handle(routes.purchases.recordPayment, () => {
        paid = true;
        return { status: 200, body: paidPurchase() };
      }),
    ]);
    await fillCard(user, '4242 4242 4242 4242');
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText(messages.paymentCompletedToast)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/purchases/${id}`));
    const lines = await screen.findAllByTestId('purchase-line');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toHaveTextContent('Paid');
    expect(screen.getByRole('button', { name: 'Download invoice INV-2026-00043' })).toBeEnabled();
    expect(callsTo(routes.purchases.recordPayment)[0]).toMatchObject({
      params: { id },
      body: { transactionId: 'pi_all' },
    });
    expect(callsTo(routes.payments.sandboxConfirm)[0]?.body).toMatchObject({
      clientSecret,
      billingDetails: { email: customer.email },
    });
  });

  it('keeps the transaction id and offers Try again when the shop could not record it', async () => {
    const { user, callsTo } = setUp([
      answer(routes.payments.sandboxConfirm, 200, {
        paymentIntent: { id: 'pi_all', status: 'succeeded', amount: 815000, currency: 'usd' },
      }),
      answer(routes.purchases.recordPayment, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'The purchase changed while the payment was being prepared: please try again.',
      }),
    ]);
    await fillCard(user, '4242 4242 4242 4242');
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(
      await screen.findByText('Your card was charged, but the shop has not recorded it yet.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_all');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(routes.purchases.recordPayment)).toHaveLength(2));
  });

  it('shows a declined card above Pay and records nothing', async () => {
    const { user, callsTo } = setUp([
      answer(routes.payments.sandboxConfirm, 402, {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      }),
    ]);
    await fillCard(user, '4000 0000 0000 0002');
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() =>
      expect(screen.getByTestId('card-error')).toHaveTextContent('Your card was declined.'),
    );
    expect(callsTo(routes.purchases.recordPayment)).toHaveLength(0);
  });

  it('asks for no payment when every line is paid already', async () => {
    const { callsTo } = setUp([answer(routes.purchases.get, 200, paidPurchase())]);
    const done = await screen.findByTestId('already-paid');
    expect(done).toHaveTextContent('Every line of this purchase is paid.');
    expect(within(done).getByRole('link', { name: 'Back to purchase PW-000124' })).toHaveAttribute(
      'href',
      `/dashboard/purchases/${id}`,
    );
    expect(callsTo(routes.payments.createIntent)).toHaveLength(0);
  });

  it('says there is nothing to pay while the purchase waits for approval, not that it is paid', async () => {
    const waiting = purchase({
      orders: [],
      awaitingLines: [
        {
          productId: testId(31),
          productName: 'Vector X8 Processor',
          img: '/images/products/cpu.svg',
          quantity: 60,
          unitPrice: 120,
          price: 7200,
          shippingCharge: 0,
          tax: 0,
        },
      ],
      total: 7200,
      unpaidTotal: 0,
      status: 'awaiting_approval',
    });
    const { callsTo } = setUp([answer(routes.purchases.get, 200, waiting)]);
    const alert = await screen.findByTestId('nothing-to-pay');
    expect(alert).toHaveTextContent('Nothing to pay: this purchase is waiting for approval.');
    expect(alert).not.toHaveTextContent('paid.');
    expect(screen.queryByTestId('already-paid')).not.toBeInTheDocument();
    expect(callsTo(routes.payments.createIntent)).toHaveLength(0);
  });

  it('says so when the purchase is not yours', async () => {
    setUp([
      answer(routes.purchases.get, 403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'This purchase is not yours.',
      }),
    ]);
    expect(
      await screen.findByText('This purchase belongs to another account.'),
    ).toBeInTheDocument();
  });
});
