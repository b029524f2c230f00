import { accountMessages, addDays, type AccountInvoice, type Company } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { invoicesPaymentPath } from '../../features/companies/components/account-panel';

/**
 * Paying invoices on account by card (issue 30 item 5): the owner chooses invoices on My
 * Company, and the payment page takes one card payment for what they ask.
 */

const companyId = testId(700);
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const invoice = (n: number, overrides: Partial<AccountInvoice> = {}): AccountInvoice => ({
  _id: testId(900 + n),
  invoiceNumber: `INV-2026-0004${n}`,
  purchaseNumber: `PW-00004${n}`,
  poNumber: null,
  issuedAt: '2026-11-20T10:00:00.000Z',
  dueDate: `2026-12-2${n}`,
  paymentTerms: 'net30',
  total: 1000 * n,
  amountDue: 1000 * n,
  daysOverdue: 0,
  status: 'open',
  paidAt: null,
  ...overrides,
});
const first = invoice(1, { poNumber: 'NW-PO-1' });
const second = invoice(2, { amountDue: 1500 });
const paid = invoice(3, { amountDue: 0, status: 'paid', paidAt: '2026-11-25T10:00:00.000Z' });

const company: Company = {
  _id: companyId,
  name: 'Northwind Traders Ltd',
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  members: [
    {
      email: customer.email,
      role: 'owner',
      spendingLimit: null,
      status: 'active',
      name: customer.name,
      spentThisMonth: 0,
    },
  ],
  paymentTerms: 'net30',
  creditLimit: 50000,
  onHold: false,
  balance: 3500,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 20 });

function setUp(path: string, extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    answer(routes.companies.mine, 200, company),
    answer(routes.companies.purchases, 200, page([])),
    answer(routes.tax.listExemptions, 200, page([])),
    answer(routes.locations.list, 200, page([])),
    answer(routes.companies.account, 200, {
      creditLimit: 50000,
      balance: 3500,
      available: 46500,
      overdue: 0,
      entries: [],
      ...page([]),
    }),
    handle(routes.companies.invoices, ({ query }) => ({
      status: 200,
      body: page(
        query.status === 'open'
          ? [first, second]
          : query.status === 'overdue'
            ? []
            : [paid, second, first],
      ),
    })),
    extra,
  ]);
  return { ...api, ...renderApp(path) };
}

describe('paying invoices on account by card', () => {
  it('lets the owner choose invoices with something due and shows what they ask together', async () => {
    const { user } = setUp('/dashboard/mycompany');
    const table = await screen.findByRole('table', { name: 'Invoices on account' });
    await within(table).findByRole('row', { name: /INV-2026-00043/ });
    // A paid invoice has no box.
    expect(
      within(table).queryByRole('checkbox', { name: 'Pay invoice INV-2026-00043' }),
    ).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Pay invoice INV-2026-00041' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Pay invoice INV-2026-00042' }));
    const chosen = screen.getByTestId('pay-chosen');
    expect(chosen).toHaveTextContent('2 invoices chosen, $2,500 due');
    expect(within(chosen).getByRole('link', { name: 'Pay $2,500 by card' })).toHaveAttribute(
      'href',
      invoicesPaymentPath(companyId, [first._id, second._id]),
    );
    await user.click(within(table).getByRole('checkbox', { name: 'Pay invoice INV-2026-00041' }));
    expect(chosen).toHaveTextContent('1 invoice chosen, $1,500 due');
    await user.click(within(chosen).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('pay-chosen')).not.toBeInTheDocument();
  });

  it('pays the chosen invoices in one card payment, records it, and goes back to My Company', async () => {
    const { user, callsTo, router } = setUp(
      invoicesPaymentPath(companyId, [second._id, first._id]),
      [
        answer(routes.payments.createIntent, 200, { clientSecret: 'pi_invoices_secret_abc' }),
        answer(routes.payments.sandboxConfirm, 200, {
          paymentIntent: {
            id: 'pi_invoices',
            status: 'succeeded',
            amount: 250000,
            currency: 'usd',
          },
        }),
        answer(routes.companies.payInvoices, 200, {
          _id: testId(950),
          amount: 2500,
          reference: 'pi_invoices',
          receivedOn: '2026-11-27',
          allocations: [
            {
              invoiceId: first._id,
              invoiceNumber: first.invoiceNumber,
              amount: 1000,
              amountDueAfter: 0,
            },
            {
              invoiceId: second._id,
              invoiceNumber: second.invoiceNumber,
              amount: 1500,
              amountDueAfter: 0,
            },
          ],
          unallocated: 0,
          balance: 1000,
        }),
      ],
    );
    const summary = await screen.findByTestId('invoices-summary');
    expect(within(summary).getByRole('heading', { name: 'Pay $2,500' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('INV-2026-00041 (order PW-000041, PO NW-PO-1)');
    expect(summary).toHaveTextContent('2 invoices, total $2,500');
    await user.type(
      await screen.findByRole('textbox', { name: 'Card number' }),
      '4242424242424242',
    );
    await user.type(screen.getByRole('textbox', { name: /Expiry/ }), `12/${nextYear}`);
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    // The invoices in the order they fall due: the payment the server answers for them.
    expect(callsTo(routes.payments.createIntent)[0]?.body).toEqual({
      invoiceIds: [first._id, second._id],
    });
    await user.click(pay);

    expect(
      await screen.findByText('Payment received for INV-2026-00041, INV-2026-00042.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mycompany'));
    expect(callsTo(routes.companies.payInvoices)[0]).toMatchObject({
      params: { id: companyId },
      body: { transactionId: 'pi_invoices' },
    });
  });

  it('asks for no payment when the invoices named are paid already', async () => {
    const { callsTo } = setUp(invoicesPaymentPath(companyId, [paid._id]));
    const done = await screen.findByTestId('nothing-to-pay');
    expect(done).toHaveTextContent('Nothing to pay: these invoices are paid.');
    expect(within(done).getByRole('link', { name: 'Back to My Company' })).toHaveAttribute(
      'href',
      '/dashboard/mycompany',
    );
    expect(callsTo(routes.payments.createIntent)).toHaveLength(0);
  });

  describe('the statement of account', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('downloads the last 90 days by default, or the period chosen, and refuses a backwards one', async () => {
      const saved: string[] = [];
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const { user, callsTo } = setUp('/dashboard/mycompany', [
        handle(routes.companies.statement, () => ({ status: 200, body: '%PDF-1.7' })),
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const start = addDays(today, -89);
      const form = await screen.findByRole('form', { name: 'Statement of account' });
      await user.click(within(form).getByRole('button', { name: 'Download statement (PDF)' }));
      await waitFor(() => expect(saved).toEqual([`statement-${start}-to-${today}.pdf`]));
      expect(callsTo(routes.companies.statement)[0]).toMatchObject({
        params: { id: companyId },
        query: { from: start, to: today },
      });

      const from = within(form).getByLabelText('From');
      await user.clear(from);
      await user.type(from, addDays(today, 1));
      await user.click(within(form).getByRole('button', { name: 'Download statement (PDF)' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        accountMessages.statementPeriod,
      );
      expect(callsTo(routes.companies.statement)).toHaveLength(1);
    });
  });
});
