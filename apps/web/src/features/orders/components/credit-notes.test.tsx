import type { CreditNote, Purchase } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, fakeAuthServer, type TestUser } from '../../../test/auth-mock';
import { makeOrder, testConfig, testId } from '../../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const id = testId(950);

/** A paid purchase: 3 CPUs at $100 ($7.50 shipping, $58.43 VAT) and 2 kits at $50. */
function paidPurchase(): Purchase {
  const cpu = {
    ...makeOrder(1, {
      productName: 'Ryzen 7 CPU',
      quantity: 3,
      unitPrice: 100,
      price: 300,
      paid: true,
    }),
    shippingCharge: 7.5,
    tax: 58.43,
    total: 365.93,
    transactionId: 'pi_test',
    purchaseId: id,
    purchaseNumber: 'PW-000950',
  };
  const kit = {
    ...makeOrder(2, {
      productName: 'DDR5 kit',
      quantity: 2,
      unitPrice: 50,
      price: 100,
      paid: true,
    }),
    shippingCharge: 2.5,
    tax: 19.48,
    total: 121.98,
    transactionId: 'pi_test',
    purchaseId: id,
    purchaseNumber: 'PW-000950',
  };
  return {
    _id: id,
    number: 'PW-000950',
    createdAt: '2026-11-20T09:30:00.000Z',
    name: 'JANE BUYER',
    email: customer.email,
    phone: '+49 30 1234567',
    address: 'Friedrichstrasse 12, 10117 Berlin, Germany',
    shipTo: null,
    poNumber: null,
    quoteNumber: null,
    quoteId: null,
    company: null,
    taxId: null,
    orders: [cpu, kit] as Purchase['orders'],
    awaitingLines: [],
    companyId: null,
    billingAddress: null,
    subtotal: 400,
    shipping: 10,
    tax: 77.91,
    total: 487.91,
    unpaidTotal: 0,
    currency: 'USD',
    paymentTerms: 'card',
    dueDate: '2026-11-21',
    amountDue: 0,
    shippingMethod: null,
    taxLines: [],
    reverseCharge: false,
    taxNote: null,
    status: 'paid',
    paidAt: '2026-11-21T10:00:00.000Z',
    shippedAt: null,
    shipments: [],
    invoiceNumber: 'INV-2026-00042',
    rejectionReason: null,
  } as Purchase;
}

const note = (overrides: Partial<CreditNote> = {}): CreditNote => ({
  _id: testId(960),
  number: 'CN-2026-00007',
  purchaseId: id,
  purchaseNumber: 'PW-000950',
  invoiceNumber: 'INV-2026-00042',
  reason: 'Damaged in transit',
  lines: [
    {
      orderId: testId(201),
      productName: 'Ryzen 7 CPU',
      quantity: 1,
      unitPrice: 100,
      net: 100,
      shipping: 0,
      tax: 19,
    },
  ],
  subtotal: 100,
  shipping: 0,
  tax: 19,
  total: 119,
  currency: 'USD',
  refundStatus: 'refunded',
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

function setUp(who: TestUser, notes: CreditNote[], extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs: who });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    answer(routes.purchases.get, 200, paidPurchase()),
    answer(routes.creditNotes.list, 200, { items: notes }),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/purchases/${id}`) };
}

describe('credit notes on the purchase page', () => {
  it("lists the buyer's credit notes with their refund and PDF, and offers the buyer no dialog", async () => {
    setUp(customer, [note()]);
    const item = await screen.findByTestId('credit-note');
    expect(item).toHaveTextContent('CN-2026-00007');
    expect(item).toHaveTextContent('$119');
    expect(item).toHaveTextContent('Damaged in transit');
    expect(within(item).getByText('Refunded to the card')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'PDF CN-2026-00007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue a credit note' })).not.toBeInTheDocument();
  });

  it('says so, without an alert, when the list cannot be loaded, and loads it again', async () => {
    let fail = true;
    const { user, callsTo } = setUp(
      customer,
      [],
      [
        handle(routes.creditNotes.list, () =>
          fail
            ? { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Not yours.' } }
            : { status: 200, body: { items: [note()] } },
        ),
      ],
    );
    expect(await screen.findByText(/We could not load the credit notes/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('credit-note')).toHaveTextContent('CN-2026-00007');
    expect(callsTo(routes.creditNotes.list).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the buyer nothing when there are no credit notes', async () => {
    const { callsTo } = setUp(customer, []);
    await waitFor(() => expect(callsTo(routes.creditNotes.list)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Purchase PW-000950' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Credit notes' })).not.toBeInTheDocument();
  });

  it('lets an admin issue a credit note: lines, pieces, shipping, reason, the amounts, then the total confirmed', async () => {
    const issued = note({ _id: testId(961), number: 'CN-2026-00008' });
    const { user, callsTo } = setUp(
      admin,
      [note()],
      [handle(routes.creditNotes.create, () => ({ status: 201, body: issued }))],
    );
    await user.click(await screen.findByRole('button', { name: 'Issue a credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a credit note' });
    const lines = within(dialog).getAllByTestId('credit-line');
    // One CPU was credited already: two are left.
    expect(lines[0]).toHaveTextContent('2 of 3 left');
    expect(lines[1]).toHaveTextContent('2 bought');

    // Nothing chosen: refused in the dialog, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: /Issue credit note of/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose at least one line');

    await user.click(within(lines[1]!).getByRole('checkbox'));
    const pieces = within(lines[1]!).getByLabelText('Pieces of DDR5 kit');
    await user.clear(pieces);
    await user.type(pieces, '1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Credit their shipping too' }));
    await user.type(within(dialog).getByLabelText(/Reason/), 'One kit was faulty');
    // $50 + $1.25 shipping + half of the $19.48 tax: $9.74.
    const amounts = within(dialog).getByLabelText('Amounts to credit');
    expect(amounts).toHaveTextContent('Subtotal$50');
    expect(amounts).toHaveTextContent('Shipping$1.25');
    expect(amounts).toHaveTextContent('Tax$9.74');
    expect(within(dialog).getByTestId('credit-total')).toHaveTextContent('$60.99');

    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note of $60.99' }));
    await waitFor(() => expect(callsTo(routes.creditNotes.create)).toHaveLength(1));
    expect(callsTo(routes.creditNotes.create)[0]).toMatchObject({
      params: { id },
      body: {
        lines: [{ orderId: testId(202), quantity: 1 }],
        shipping: true,
        restock: false,
        reason: 'One kit was faulty',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Issue a credit note' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Credit note CN-2026-00008 issued.')).toBeInTheDocument();
  });

  it('tells the admin when a refund failed and retries it', async () => {
    const failed = note({ refundStatus: 'failed' });
    const { user, callsTo } = setUp(
      admin,
      [failed],
      [
        handle(routes.creditNotes.retryRefund, () => ({
          status: 200,
          body: { ...failed, refundStatus: 'refunded' },
        })),
      ],
    );
    const item = await screen.findByTestId('credit-note');
    expect(within(item).getByText('Refund failed')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(callsTo(routes.creditNotes.retryRefund)).toHaveLength(1));
    expect(await screen.findByText('CN-2026-00007 refunded.')).toBeInTheDocument();
  });
});
