import { companyMessages, type Purchase } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import {
  approvedMessage,
  CONFIRM_REJECT,
  rejectedMessage,
} from '../../features/companies/components/approvals-list';

function waiting(n: number, overrides: Partial<Purchase> = {}): Purchase {
  return makePurchase({
    _id: testId(900 + n),
    number: `PW-00090${n}`,
    createdAt: '2026-11-20T09:30:00.000Z',
    name: 'SAM BUYER',
    email: 'sam@example.com',
    phone: '+44 20 7946 0958',
    address: 'Leeds',
    shipTo: null,
    poNumber: null,
    company: 'Acme Components Ltd',
    taxId: null,
    orders: [],
    shipments: [],
    awaitingLines: [
      {
        productId: testId(n),
        productName: `Vector X${n} Processor`,
        img: `/images/products/part-${n}.svg`,
        quantity: 60,
        unitPrice: 120,
        price: 7200,
        shippingCharge: 0,
        tax: 0,
      },
    ],
    companyId: testId(700),
    billingAddress: null,
    total: 7200,
    unpaidTotal: 0,
    status: 'awaiting_approval',
    paidAt: null,
    shippedAt: null,
    invoiceNumber: null,
    rejectionReason: null,
    ...overrides,
  });
}

/** GET /approvals' answer: the page of `all` the query asks for (50 a page unless told). */
function pageOf(all: Purchase[], query: Record<string, string> = {}) {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 50);
  return { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
}

function setUp(extra: Mocks) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks, extra]);
  return { ...api, ...renderApp('/dashboard/approvals') };
}

async function rowOf(number: string) {
  const table = await screen.findByRole('table', { name: 'Purchases waiting for approval' });
  const cell = await within(table).findByRole('rowheader', { name: number });
  return cell.closest('tr') as HTMLElement;
}

describe('Approvals', () => {
  it('lists buyer, number, lines, total and date; Approve tells and reads the list again', async () => {
    let pending = [
      {
        ...waiting(1),
        poNumber: 'PO-7781',
        buyerSpending: { spendingLimit: 5_000, spentThisMonth: 4_250 },
      },
      waiting(2),
    ];
    const { user, callsTo } = setUp([
      handle(routes.companies.approvals, ({ query }) => ({
        status: 200,
        body: pageOf(pending, query),
      })),
      handle(routes.companies.approve, ({ params }) => {
        const approved = pending.find((p) => p._id === params.id)!;
        pending = pending.filter((p) => p._id !== params.id);
        return { status: 200, body: { ...approved, status: 'unpaid', awaitingLines: [] } };
      }),
    ]);
    const row = await rowOf('PW-000901');
    expect(row).toHaveTextContent('SAM BUYER');
    expect(row).toHaveTextContent('60 × Vector X1 Processor at $120');
    expect(row).toHaveTextContent('$7,200');
    expect(row).toHaveTextContent(/20 Nov/);
    // What the approver decides by (issue 28): the month so far against the limit, the PO.
    expect(within(row).getByTestId('buyer-month')).toHaveTextContent('$4,250 of $5,000');
    expect(row).toHaveTextContent('PO-7781');

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(approvedMessage('PW-000901'))).toBeInTheDocument();
    expect(callsTo(routes.companies.approve)[0]!.params).toEqual({ id: testId(901) });
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'PW-000901' })).not.toBeInTheDocument(),
    );
    expect(await rowOf('PW-000902')).toBeInTheDocument();
  });

  it('shows what the total holds: goods, shipping with its method, each tax line (issue 29)', async () => {
    const charged = waiting(1, {
      subtotal: 7200,
      shipping: 34.9,
      tax: 1374.63,
      total: 8609.53,
      shippingMethod: {
        _id: testId(501),
        name: 'DHL Paket',
        carrier: 'DHL',
        days: { min: 1, max: 3 },
      },
      taxLines: [{ name: 'VAT DE 19 %', rate: 0.19, base: 7234.9, amount: 1374.63 }],
    });
    setUp([answer(routes.companies.approvals, 200, pageOf([charged]))]);
    const row = await rowOf('PW-000901');
    expect(within(row).getByTestId('approval-total')).toHaveTextContent('$8,609.53');
    const charges = within(row).getByRole('list', { name: 'Charges' });
    expect(
      within(charges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Subtotal $7,200',
      'Shipping $34.90 (DHL Paket, 1-3 business days)',
      'VAT DE 19 % $1,374.63',
    ]);
  });

  it('rejects only after Yes', async () => {
    let pending = [waiting(1)];
    const { user, callsTo } = setUp([
      handle(routes.companies.approvals, ({ query }) => ({
        status: 200,
        body: pageOf(pending, query),
      })),
      handle(routes.companies.reject, () => {
        const [rejected] = pending;
        pending = [];
        return { status: 200, body: { ...rejected!, status: 'rejected' } };
      }),
    ]);
    const row = await rowOf('PW-000901');
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_REJECT })).getByRole('button', {
        name: 'No',
      }),
    );
    expect(callsTo(routes.companies.reject)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_REJECT });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional, shown to the buyer)' }),
      'Order the 2 TB model instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(rejectedMessage('PW-000901'))).toBeInTheDocument();
    expect(await screen.findByText('No purchase is waiting for approval.')).toBeInTheDocument();
    expect(callsTo(routes.companies.reject)[0]!.params).toEqual({ id: testId(901) });
    expect(callsTo(routes.companies.reject)[0]!.body).toEqual({
      reason: 'Order the 2 TB model instead.',
    });
  });

  it("shows the server's 409 when the stock has gone", async () => {
    const refusal = companyMessages.stockGone('Vector X1 Processor', 10);
    const { user } = setUp([
      answer(routes.companies.approvals, 200, pageOf([waiting(1)])),
      answer(routes.companies.approve, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: refusal,
      }),
    ]);
    await user.click(within(await rowOf('PW-000901')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await rowOf('PW-000901')).toBeInTheDocument();
  });

  it('tells a buyer who may not approve why the list is empty', async () => {
    setUp([
      answer(routes.companies.approvals, 403, {
        statusCode: 403,
        error: 'Forbidden',
        message: companyMessages.approversOnly,
      }),
    ]);
    expect(await screen.findByText(companyMessages.approversOnly)).toBeInTheDocument();
  });

  it('shows 50 purchases a page, oldest first, with Previous and Next', async () => {
    const all = Array.from({ length: 53 }, (_, i) =>
      waiting(i + 1, { number: `PW-${String(100_000 + i + 1)}` }),
    );
    const { user, callsTo } = setUp([
      handle(routes.companies.approvals, ({ query }) => ({
        status: 200,
        body: pageOf(all, query),
      })),
    ]);
    expect(await rowOf('PW-100001')).toBeInTheDocument();
    expect(screen.getAllByTestId('approval-row')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages of purchases waiting' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–50 of 53');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await rowOf('PW-100051')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(3));
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 51–53 of 53');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsTo(routes.companies.approvals).map((call) => call.query)).toEqual([
      { page: '1', limit: '50' },
      { page: '2', limit: '50' },
    ]);
  });
});
