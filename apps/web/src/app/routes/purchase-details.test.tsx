import type { Purchase } from '@shop/shared';
import { messages, purchaseMessages, quotePagePath } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../components/product-image';
import { CART_STORAGE_KEY } from '../../lib/cart-store';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { makeOrder, makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const id = testId(900);
const long = 'X'.repeat(64);

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  const lines = [
    makeOrder(1, { productName: 'Vector X8 Processor', quantity: 60, unitPrice: 120, price: 7200 }),
    makeOrder(2, { productName: long, quantity: 1, unitPrice: 95, price: 95 }),
  ].map((line) => ({ ...line, purchaseId: id, purchaseNumber: 'PW-000123' }));
  return makePurchase({
    _id: id,
    number: 'PW-000123',
    createdAt: '2026-11-20T09:30:00.000Z',
    name: 'JANE BUYER',
    email: customer.email,
    phone: '+44 20 7946 0958',
    address: 'Unit 4/B #2, Harbour Road, Leeds',
    shipTo: null,
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
    rejectionReason: null,
    awaitingLines: [],
    shipments: [],
    companyId: null,
    billingAddress: null,
    ...overrides,
  });
}

/** A purchase that asked for 60 processors and has no lines yet: waiting, or closed while it did. */
function asked(overrides: Partial<Purchase> = {}): Purchase {
  return purchase({
    status: 'awaiting_approval',
    orders: [],
    unpaidTotal: 0,
    total: 7200,
    awaitingLines: [
      {
        productId: testId(1),
        productName: 'Vector X8 Processor',
        img: '/images/products/part-1.svg',
        quantity: 60,
        unitPrice: 120,
        price: 7200,
        shippingCharge: 0,
        tax: 0,
      },
    ],
    ...overrides,
  });
}

function setUp(body: Purchase, extra: Mocks = [], query = '') {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    answer(routes.purchases.get, 200, body),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/purchases/${id}${query}`) };
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

  it('names the quote it was bought from, beside the PO number, linked to the quote (issue 31)', async () => {
    const quoteId = testId(610);
    setUp(purchase({ quoteNumber: 'Q-000042', quoteId }));
    const link = await screen.findByRole('link', { name: 'Quote Q-000042' });
    expect(link).toHaveAttribute('href', quotePagePath(quoteId));
    expect(screen.getByText('From quote')).toBeInTheDocument();
  });

  it('names no quote for a purchase bought without one', async () => {
    setUp(purchase());
    expect(await screen.findByRole('heading', { name: 'Purchase PW-000123' })).toBeInTheDocument();
    expect(screen.queryByText('From quote')).not.toBeInTheDocument();
  });

  it('shows subtotal, shipping with its method and delivery time, each tax line and the total (issue 29)', async () => {
    setUp(
      purchase({
        subtotal: 7295,
        shipping: 34.9,
        tax: 1392.66,
        total: 8722.56,
        unpaidTotal: 8722.56,
        shippingMethod: {
          _id: testId(501),
          name: 'UPS Ground',
          carrier: 'UPS',
          days: { min: 1, max: 5 },
        },
        taxLines: [{ name: 'VAT DE 19 %', rate: 0.19, base: 7329.9, amount: 1392.66 }],
      }),
    );
    const totals = await screen.findByRole('region', { name: 'Purchase totals' });
    expect(totals).toHaveTextContent('Subtotal$7,295');
    expect(totals).toHaveTextContent('ShippingUPS Ground (UPS), 1-5 business days$34.90');
    expect(within(totals).getByTestId('charge-tax-line')).toHaveTextContent('VAT DE 19 %$1,392.66');
    expect(within(totals).getByTestId('purchase-total')).toHaveTextContent('$8,722.56');
    expect(within(totals).queryByTestId('tax-note')).not.toBeInTheDocument();
  });

  it('says no VAT is charged under the reverse charge, and what is left to pay', async () => {
    const note =
      'Reverse charge: VAT to be accounted for by the recipient (Art. 196 VAT Directive).';
    setUp(
      purchase({
        subtotal: 7295,
        shipping: 0,
        tax: 0,
        total: 7295,
        unpaidTotal: 95,
        taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base: 7295, amount: 0 }],
        reverseCharge: true,
        taxNote: note,
      }),
    );
    const totals = await screen.findByRole('region', { name: 'Purchase totals' });
    expect(within(totals).getByTestId('charge-tax-line')).toHaveTextContent(
      'VAT reverse charge 0 %$0',
    );
    expect(within(totals).getByTestId('tax-note')).toHaveTextContent(note);
    expect(within(totals).getByTestId('purchase-total')).toHaveTextContent('$7,295');
    expect(within(totals).getByTestId('left-to-pay')).toHaveTextContent('$95 left to pay');
  });

  it('offers the invoice once paid, and shows carrier and a tracking link once shipped', async () => {
    const paid = purchase();
    const [first, second] = paid.orders;
    setUp(
      purchase({
        status: 'partially_shipped',
        paidAt: '2026-11-21T10:00:00.000Z',
        unpaidTotal: 0,
        invoiceNumber: 'INV-2026-00042',
        rejectionReason: null,
        orders: [
          {
            ...first!,
            paid: true,
            shipping: true,
            shippedQuantity: first!.quantity,
            carrier: 'UPS',
            trackingNumber: '1Z999AA1',
          },
          { ...second!, paid: true },
        ],
        shipments: [
          {
            _id: testId(950),
            shippedAt: '2026-11-22T10:00:00.000Z',
            carrier: 'UPS',
            trackingNumber: '1Z999AA1',
            lines: [{ orderId: first!._id, quantity: first!.quantity }],
          },
        ],
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Download invoice INV-2026-00042' }),
    ).toBeEnabled();
    const tracking = screen.getByRole('link', { name: '1Z999AA1' });
    expect(tracking.getAttribute('href')).toContain('1Z999AA1');
    expect(screen.queryByRole('link', { name: 'Pay this line' })).not.toBeInTheDocument();
    // One line gone, one not: the timeline says so rather than "Not shipped yet".
    const timeline = screen.getByRole('list', { name: 'Status' });
    expect(timeline).toHaveTextContent('Partially shipped: 60 of 61 pieces in 1 parcel');
    expect(timeline).not.toHaveTextContent('Not shipped yet');
  });

  it('shows a line shipped in part with how many of it have gone', async () => {
    const [first, second] = purchase().orders;
    setUp(
      purchase({
        status: 'partially_shipped',
        paidAt: '2026-11-21T10:00:00.000Z',
        unpaidTotal: 0,
        orders: [
          { ...first!, paid: true, shippedQuantity: 20, carrier: 'DHL', trackingNumber: 'JD01' },
          { ...second!, paid: true },
        ],
      }),
    );
    const [line] = await screen.findAllByTestId('purchase-line');
    expect(line).toHaveTextContent('Partially shipped');
    expect(line).toHaveTextContent('20 of 60 shipped');
    expect(line).toHaveTextContent('JD01');
  });

  it('offers one payment for the whole purchase when two or more lines are unpaid', async () => {
    setUp(purchase());
    const payAll = await screen.findByRole('link', { name: 'Pay the whole purchase ($7,295)' });
    expect(payAll).toHaveAttribute('href', `/dashboard/payment/purchase/${id}`);
  });

  it('offers no whole-purchase payment once a single line is left unpaid', async () => {
    const [first, second] = purchase().orders;
    setUp(purchase({ orders: [{ ...first!, paid: true }, second!], unpaidTotal: 95 }));
    const lines = await screen.findAllByTestId('purchase-line');
    expect(within(lines[1]!).getByRole('link', { name: 'Pay this line' })).toBeInTheDocument();
    expect(within(lines[0]!).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay the whole purchase/ })).not.toBeInTheDocument();
  });

  it("cancels an unpaid line after SPEC's question, and shows the purchase without it", async () => {
    const full = purchase();
    const [first, second] = full.orders;
    let cancelled = false;
    const { user, callsTo } = setUp(full, [
      handle(routes.purchases.get, () => ({
        status: 200,
        body: cancelled ? { ...full, orders: [first!], total: 7200, unpaidTotal: 7200 } : full,
      })),
      handle(routes.orders.cancel, () => {
        cancelled = true;
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    const lines = await screen.findAllByTestId('purchase-line');
    await user.click(within(lines[1]!).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: messages.confirmCancelOrder });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Order cancelled.')).toBeInTheDocument();
    expect(callsTo(routes.orders.cancel)[0]?.params).toEqual({ id: second!._id });
    await waitFor(() => expect(screen.getAllByTestId('purchase-line')).toHaveLength(1));
  });

  it('says No keeps the line', async () => {
    const { user, callsTo } = setUp(purchase());
    const lines = await screen.findAllByTestId('purchase-line');
    await user.click(within(lines[0]!).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(routes.orders.cancel)).toHaveLength(0);
  });

  it('puts every line back in the cart with Reorder, says how many, and goes to the cart', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ productId: testId(77), quantity: 5 }]),
    );
    const { user, router } = setUp(purchase());
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));

    expect(await screen.findByText('2 lines added to your cart')).toBeInTheDocument();
    const [first, second] = purchase().orders;
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([
      { productId: testId(77), quantity: 5 },
      { productId: first!.productId, quantity: 60 },
      { productId: second!.productId, quantity: 1 },
    ]);
    expect(router.state.location.pathname).toBe('/cart');
    localStorage.removeItem(CART_STORAGE_KEY);
  });

  it("leaves a product no longer sold out of Reorder's lines", async () => {
    const [first, second] = purchase().orders;
    const { user } = setUp(purchase({ orders: [first!, { ...second!, productId: null }] }));
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('1 line added to your cart')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([
      { productId: first!.productId, quantity: 60 },
    ]);
    localStorage.removeItem(CART_STORAGE_KEY);
  });

  it("greets a buyer coming from Purchase with SPEC's toast, once, and drops the marker", async () => {
    const { router } = setUp(purchase(), [], '?placed=1');
    expect(await screen.findByText(messages.orderPlaced)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText(messages.orderPlaced)).toHaveLength(1);
    // The page says so too, after the toast has closed.
    expect(await screen.findByTestId('order-placed')).toHaveTextContent(
      /^Order placedIt stays reserved for you until it is paid or cancelled/,
    );
  });

  it('says nothing of placing to a buyer who opens the purchase later', async () => {
    setUp(purchase());
    await screen.findByRole('heading', { name: 'Purchase PW-000123' });
    expect(screen.queryByTestId('order-placed')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.orderPlaced)).not.toBeInTheDocument();
  });

  it('names each cell for the phone cards and shows a placeholder for a broken picture', async () => {
    setUp(purchase());
    const lines = await screen.findAllByTestId('purchase-line');
    const labels = Array.from(lines[0]!.querySelectorAll('td')).map((cell) =>
      cell.getAttribute('data-label'),
    );
    expect(labels).toEqual(['Product', 'Price', 'Total', 'Status', 'Actions']);
    const picture = lines[0]!.querySelector('img')!;
    fireEvent.error(picture);
    expect(picture).toHaveAttribute('src', PRODUCT_IMAGE_PLACEHOLDER);
  });

  it('explains a purchase that is gone', async () => {
    setUp(purchase(), [
      answer(routes.purchases.get, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'This purchase does not exist.',
      }),
    ]);
    expect(
      await screen.findByText('This purchase does not exist, or every line of it was cancelled.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorders',
    );
  });

  it('shows a purchase waiting for approval with its lines, and nothing to pay or cancel', async () => {
    setUp(asked(), [], '?placed=1');
    const lines = await screen.findAllByTestId('awaiting-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Vector X8 Processor');
    expect(lines[0]).toHaveTextContent('$120 × 60 pieces');
    expect(lines[0]).toHaveTextContent('Waiting for approval');
    expect(screen.getByRole('list', { name: 'Status' })).toHaveTextContent('Waiting for approval');
    expect(screen.getByTestId('awaiting-approval')).toHaveTextContent(
      'This purchase needs approval by your company',
    );
    expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-placed')).not.toBeInTheDocument();
  });

  it('keeps a rejected purchase with its lines, the reason, and nothing to pay', async () => {
    setUp(asked({ status: 'rejected', rejectionReason: 'Order the 2 TB model instead.' }));
    expect(await screen.findByTestId('rejected')).toHaveTextContent(
      'Your company did not approve this purchase: Order the 2 TB model instead. Nothing was charged.',
    );
    const lines = screen.getAllByTestId('awaiting-line');
    expect(lines[0]).toHaveTextContent('Not approved');
    expect(screen.getByRole('list', { name: 'Status' })).toHaveTextContent('Not approved');
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  describe('withdrawing a purchase that waits for approval', () => {
    it('lets its buyer withdraw it after a question, and shows it cancelled', async () => {
      const waiting = asked();
      let withdrawn = false;
      const { user, callsTo } = setUp(waiting, [
        handle(routes.purchases.get, () => ({
          status: 200,
          body: withdrawn ? { ...waiting, status: 'cancelled' } : waiting,
        })),
        handle(routes.purchases.withdraw, () => {
          withdrawn = true;
          return { status: 200, body: { ...waiting, status: 'cancelled' } };
        }),
      ]);
      await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
      const dialog = screen.getByRole('dialog', { name: 'Withdraw purchase PW-000123?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

      expect(await screen.findByText(purchaseMessages.withdrawn)).toBeInTheDocument();
      expect(callsTo(routes.purchases.withdraw)[0]?.params).toEqual({ id });
      await waitFor(() =>
        expect(screen.getByRole('list', { name: 'Status' })).toHaveTextContent('Cancelled'),
      );
      expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
    });

    it('offers nothing to withdraw to an approver reading a colleague purchase', async () => {
      setUp(asked({ email: 'colleague@example.com', name: 'COLLEAGUE' }));
      expect(await screen.findByTestId('awaiting-approval')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
    });
  });

  describe('deciding on it as an approver (issue 28)', () => {
    const colleagues = () =>
      asked({
        email: 'colleague@example.com',
        name: 'COLLEAGUE',
        buyerSpending: { spendingLimit: 5_000, spentThisMonth: 4_250 },
      });

    it("shows the buyer, their limit, the month's spend and the PO, and rejects with a reason", async () => {
      const waiting = colleagues();
      let rejected = false;
      const reason = 'Please wait for the Q3 budget.';
      const { user, callsTo } = setUp(waiting, [
        handle(routes.purchases.get, () => ({
          status: 200,
          body: rejected
            ? { ...waiting, status: 'rejected', rejectionReason: reason, buyerSpending: undefined }
            : waiting,
        })),
        handle(routes.companies.reject, () => {
          rejected = true;
          return { status: 200, body: { ...waiting, status: 'rejected', rejectionReason: reason } };
        }),
      ]);
      const decision = await screen.findByTestId('approval-decision');
      const context = within(decision).getByTestId('approval-context');
      for (const text of [
        'COLLEAGUE',
        'colleague@example.com',
        '$5,000',
        '$4,250',
        '$7,200',
        'PO-2026-0042',
      ]) {
        expect(context).toHaveTextContent(text);
      }
      await user.click(within(decision).getByRole('button', { name: 'Reject' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject this purchase?' });
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Reason (optional, shown to the buyer)' }),
        reason,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('Purchase PW-000123 rejected.')).toBeInTheDocument();
      expect(callsTo(routes.companies.reject)[0]?.body).toEqual({ reason });
      expect(await screen.findByTestId('rejected')).toHaveTextContent(reason);
      expect(screen.queryByTestId('approval-decision')).not.toBeInTheDocument();
    });

    it('approves from the page', async () => {
      const { user, callsTo } = setUp(colleagues(), [
        answer(routes.companies.approve, 200, purchase()),
      ]);
      const decision = await screen.findByTestId('approval-decision');
      await user.click(within(decision).getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText('Purchase PW-000123 approved.')).toBeInTheDocument();
      expect(callsTo(routes.companies.approve)[0]?.params).toEqual({ id });
    });

    it('is not offered to the buyer, whose answer has no spending', async () => {
      setUp(asked());
      expect(await screen.findByTestId('awaiting-approval')).toBeInTheDocument();
      expect(screen.queryByTestId('approval-decision')).not.toBeInTheDocument();
    });
  });
});
