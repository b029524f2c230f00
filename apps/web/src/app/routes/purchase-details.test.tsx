import type { Purchase } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { makeOrder, testConfig, testId } from '../../test/factories';
import { answer, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const id = testId(900);
const long = 'X'.repeat(64);

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  const lines = [
    makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, unitPrice: 120, price: 7200 }),
    makeOrder(2, { productName: long, quantity: 1, unitPrice: 95, price: 95 }),
  ].map((line) => ({ ...line, purchaseId: id, purchaseNumber: 'PW-000123' }));
  return {
    _id: id,
    number: 'PW-000123',
    createdAt: '2026-11-20T09:30:00.000Z',
    name: 'JANE BUYER',
    email: customer.email,
    phone: '+44 20 7946 0958',
    address: 'Unit 4/B #2, Harbour Road, Leeds',
    poNumber: 'PO-2026-0042',
    company: 'Acme Components Ltd',
    taxId: 'GB123456789',
    orders: lines,
    total: 7295,
    unpaidTotal: 7295,
    status: 'unpaid',
    paidAt: null,
    shippedAt: null,
    invoiceNumber: null,
    ...overrides,
  };
}

function setUp(body: Purchase, extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    answer(routes.purchases.get, 200, body),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/purchases/${id}`) };
}

describe('the purchase page', () => {
  it('shows number, PO, company, ship-to, each line at its price, the total and the timeline', async () => {
    setUp(purchase());
    expect(await screen.findByRole('heading', { name: 'Purchase PW-000123' })).toBeInTheDocument();
    for (const text of ['PO-2026-0042', 'Acme Components Ltd', 'GB123456789', '+44 20 7946 0958']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const lines = screen.getAllByTestId('purchase-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('60 pieces');
    expect(lines[1]).toHaveTextContent('1 piece');
    expect(within(lines[0]!).getByRole('link', { name: 'Pay this line' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${purchase().orders[0]!._id}`,
    );
    const timeline = screen.getByRole('list', { name: 'Status' });
    expect(timeline).toHaveTextContent('Waiting for payment');
    expect(timeline).toHaveTextContent('Not shipped yet');
    expect(screen.getByText('The invoice is made once every line is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
  });

  it('offers the invoice once paid, and shows carrier and a tracking link once shipped', async () => {
    const paid = purchase();
    const [first, second] = paid.orders;
    setUp(
      purchase({
        status: 'paid',
        paidAt: '2026-11-21T10:00:00.000Z',
        unpaidTotal: 0,
        invoiceNumber: 'INV-2026-00042',
        orders: [
          { ...first!, paid: true, shipping: true, carrier: 'UPS', trackingNumber: '1Z999AA1' },
          { ...second!, paid: true },
        ],
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Download invoice INV-2026-00042' }),
    ).toBeEnabled();
    const tracking = screen.getByRole('link', { name: '1Z999AA1' });
    expect(tracking.getAttribute('href')).toContain('1Z999AA1');
    expect(screen.queryByRole('link', { name: 'Pay this line' })).not.toBeInTheDocument();
  });
});
