import { IDEMPOTENCY_KEY_HEADER, messages, type Company, type ContractPrice } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, fakeAuthServer } from '../../test/auth-mock';
import { makeProduct, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { PRICES_IMPORTED } from '../../features/companies/components/contract-price-import';
import { priceSetMessage } from '../../features/companies/components/set-contract-price';

const companyId = testId(700);
const product = makeProduct(1, { name: 'Vector X8 Processor', sku: 'CPU-X8', price: 120 });

const company: Company = {
  _id: companyId,
  name: 'Acme Components Ltd',
  taxId: 'GB123456789',
  billingAddress: null,
  shippingAddress: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  members: [],
};

const priceOf = (price: number): ContractPrice => ({
  productId: product._id,
  sku: product.sku,
  name: product.name,
  listPrice: product.price,
  price,
});

function setUp(path: string, extra: Mocks) {
  const server = fakeAuthServer({ signedInAs: admin });
  const api = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks, extra]);
  return { ...api, ...renderApp(path) };
}

describe('Companies (admin)', () => {
  it('lists the companies and searches them through the API', async () => {
    const { user, callsTo } = setUp('/dashboard/companies', [
      handle(routes.companies.list, ({ query }) => ({
        status: 200,
        body: {
          items:
            query.q === 'zzz'
              ? []
              : [
                  {
                    _id: companyId,
                    name: company.name,
                    taxId: company.taxId,
                    members: 3,
                    contractPrices: 2,
                    createdAt: company.createdAt,
                    paymentTerms: 'net30',
                    creditLimit: 50000,
                    onHold: false,
                    balance: 0,
                  },
                ],
          total: query.q === 'zzz' ? 0 : 1,
          page: 1,
          limit: 20,
        },
      })),
    ]);
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(await within(table).findByRole('link', { name: company.name })).toHaveAttribute(
      'href',
      `/dashboard/companies/${companyId}`,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'zzz');
    expect(await screen.findByText('No companies match this search.')).toBeInTheDocument();
    expect(callsTo(routes.companies.list).at(-1)!.query).toMatchObject({ q: 'zzz', page: '1' });
  });

  it('sets a contract price for a product found by part number, and deletes one', async () => {
    let prices: ContractPrice[] = [];
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      answer(routes.companies.get, 200, company),
      handle(routes.companies.prices, () => ({
        status: 200,
        body: { items: prices, total: prices.length, page: 1, limit: 50 },
      })),
      handle(routes.catalog.search, () => ({
        status: 200,
        body: { items: [product], total: 1, page: 1, limit: 8, categories: [] },
      })),
      handle(routes.companies.putPrice, ({ body }) => {
        prices = [priceOf(body.price)];
        return { status: 200, body: prices[0]! };
      }),
      handle(routes.companies.removePrice, () => {
        prices = [];
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: company.name }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/has no contract prices yet/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Set a contract price' });
    await user.type(within(form).getByRole('searchbox', { name: 'Find a product' }), 'CPU-X8');
    await user.click(await within(form).findByRole('button', { name: /^CPU-X8 · Vector X8/ }));
    const price = within(form).getByRole('textbox', { name: 'Contract price ($ per piece)' });
    // A contract price with cents (issue 27).
    await user.type(price, '99.90');
    await user.click(within(form).getByRole('button', { name: 'Set price' }));

    expect(await screen.findByText(priceSetMessage('CPU-X8'))).toBeInTheDocument();
    expect(callsTo(routes.companies.putPrice)[0]).toMatchObject({
      params: { id: companyId, productId: product._id },
      body: { price: 99.9 },
    });
    const table = await screen.findByRole('table', { name: 'Contract prices' });
    const row = (await within(table).findByRole('rowheader', { name: 'CPU-X8' })).closest('tr')!;
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      'CPU-X8',
      'Vector X8 Processor',
      '$120',
      '$99.90',
      'Delete',
    ]);
    expect(table.className).toMatch(/cards/);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/has no contract prices yet/)).toBeInTheDocument();
    expect(callsTo(routes.companies.removePrice)[0]!.params).toEqual({
      id: companyId,
      productId: product._id,
    });
  });

  it('imports CSV prices: a dry run shows changes and problems, Apply sends the same CSV', async () => {
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      answer(routes.companies.get, 200, company),
      answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
      handle(routes.companies.importPrices, ({ body }) => {
        const bad = body.csv.includes('NOPE');
        return {
          status: 200,
          body: {
            dryRun: body.dryRun ?? true,
            set: [{ sku: 'CPU-X8', from: null, to: 99 }],
            problems: bad ? [{ line: 3, message: 'No product with part number NOPE.' }] : [],
          },
        };
      }),
    ]);
    const box = await screen.findByRole('region', { name: 'Import prices from CSV' });
    const csv = within(box).getByRole('textbox', { name: 'CSV' });
    await user.type(csv, 'sku,price{enter}CPU-X8,99{enter}NOPE,5');
    await user.click(within(box).getByRole('button', { name: 'Check (dry run)' }));

    expect(
      await within(box).findByText(/Dry run: 1 price would be set, 1 with problems/),
    ).toBeInTheDocument();
    expect(within(box).getByRole('region', { name: 'Changes' })).toHaveTextContent(
      'CPU-X8: list price → $99',
    );
    expect(within(box).getByRole('region', { name: 'Problems' })).toHaveTextContent(
      'Line 3: No product with part number NOPE.',
    );
    expect(within(box).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();

    await user.clear(csv);
    await user.type(csv, 'sku,price{enter}CPU-X8,99');
    await user.click(within(box).getByRole('button', { name: 'Check (dry run)' }));
    await user.click(await within(box).findByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(PRICES_IMPORTED)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(routes.companies.importPrices)).toHaveLength(3));
    expect(callsTo(routes.companies.importPrices).map((call) => call.body?.dryRun)).toEqual([
      true,
      true,
      false,
    ]);
    expect(callsTo(routes.companies.importPrices)[2]!.body?.csv).toBe('sku,price\nCPU-X8,99');
  });

  it('asks before saving a contract price below half the list price, with the discount in percent', async () => {
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      answer(routes.companies.get, 200, company),
      answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
      answer(routes.catalog.search, 200, {
        items: [product],
        total: 1,
        page: 1,
        limit: 8,
        categories: [],
      }),
      handle(routes.companies.putPrice, ({ body }) => ({
        status: 200,
        body: priceOf(body.price),
      })),
    ]);
    const form = await screen.findByRole('form', { name: 'Set a contract price' });
    await user.type(within(form).getByRole('searchbox', { name: 'Find a product' }), 'CPU-X8');
    await user.click(await within(form).findByRole('button', { name: /^CPU-X8 · Vector X8/ }));
    const price = within(form).getByRole('textbox', { name: 'Contract price ($ per piece)' });
    // $34 against the list price of $120: 71.7% off.
    await user.type(price, '34');
    await user.click(within(form).getByRole('button', { name: 'Set price' }));
    const question = await screen.findByRole('dialog', {
      name: 'This contract price is 71.7% below the list price. Save it anyway?',
    });
    expect(question).toHaveTextContent('$34 against the list price of $120');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(routes.companies.putPrice)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Set price' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /71\.7% below/ })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText(priceSetMessage('CPU-X8'))).toBeInTheDocument();
    expect(callsTo(routes.companies.putPrice)[0]).toMatchObject({ body: { price: 34 } });
  });

  it('opens a company for an owner, who is invited, and goes to its page', async () => {
    let opened: Company | null = null;
    const { user, callsTo } = setUp('/dashboard/companies', [
      answer(routes.companies.list, 200, { items: [], total: 0, page: 1, limit: 20 }),
      handle(routes.companies.adminCreate, ({ body }) => {
        opened = {
          ...company,
          name: body.name,
          members: [
            { email: body.ownerEmail, role: 'owner', spendingLimit: null, status: 'invited' },
          ],
        };
        return { status: 201, body: opened };
      }),
      handle(routes.companies.get, () => ({ status: 200, body: opened! })),
      answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Open a company' }));
    const form = screen.getByRole('form', { name: 'Open a company' });
    await user.type(within(form).getByRole('textbox', { name: /Company name/ }), 'Nova Parts Ltd');
    await user.click(within(form).getByRole('button', { name: 'Open company' }));
    expect(await within(form).findByText(messages.required)).toBeInTheDocument();
    expect(callsTo(routes.companies.adminCreate)).toHaveLength(0);

    await user.type(
      within(form).getByRole('textbox', { name: /Owner's email/ }),
      'olga@nova.example',
    );
    await user.click(within(form).getByRole('button', { name: 'Open company' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nova Parts Ltd' }),
    ).toBeInTheDocument();
    expect(callsTo(routes.companies.adminCreate)[0]!.body).toMatchObject({
      name: 'Nova Parts Ltd',
      ownerEmail: 'olga@nova.example',
    });
    const members = await screen.findByRole('table', { name: 'Members' });
    const row = within(members)
      .getByRole('rowheader', { name: 'olga@nova.example' })
      .closest('tr')!;
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('edits the company and invites a member from its page', async () => {
    let current: Company = {
      ...company,
      members: [
        {
          email: 'owner@acme.example',
          role: 'owner',
          spendingLimit: null,
          status: 'active',
          name: 'Olive Owner',
          spentThisMonth: 0,
        },
      ],
    };
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      handle(routes.companies.get, () => ({ status: 200, body: current })),
      answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
      handle(routes.companies.update, ({ body }) => {
        current = { ...current, ...body } as Company;
        return { status: 200, body: current };
      }),
      handle(routes.companies.putMember, ({ params, body }) => {
        current = {
          ...current,
          members: [
            ...current.members,
            { email: params.email, role: body.role, spendingLimit: null, status: 'invited' },
          ],
        };
        return { status: 200, body: current };
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit the company' });
    const taxId = within(form).getByRole('textbox', { name: /Tax id/ });
    await user.clear(taxId);
    await user.type(taxId, 'GB555');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('GB555')).toBeInTheDocument();
    expect(callsTo(routes.companies.update)[0]!.body).toMatchObject({ taxId: 'GB555' });

    const invite = screen.getByRole('form', { name: 'Invite a member' });
    await user.type(within(invite).getByRole('textbox', { name: 'Email' }), 'bea@acme.example');
    await user.click(within(invite).getByRole('button', { name: 'Invite' }));
    const members = screen.getByRole('table', { name: 'Members' });
    expect(
      await within(members).findByRole('rowheader', { name: 'bea@acme.example' }),
    ).toBeInTheDocument();
    expect(callsTo(routes.companies.putMember)[0]).toMatchObject({
      params: { id: companyId, email: 'bea@acme.example' },
      body: { role: 'buyer' },
    });
  });

  it('shows the contract prices 50 a page with Previous and Next', async () => {
    const all = Array.from({ length: 52 }, (_, i) => ({
      ...priceOf(100),
      productId: testId(400 + i),
      sku: `PART-${String(i + 1).padStart(3, '0')}`,
    }));
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      answer(routes.companies.get, 200, company),
      handle(routes.companies.prices, ({ query }) => {
        const page = Number(query.page);
        const limit = Number(query.limit);
        return {
          status: 200,
          body: { items: all.slice((page - 1) * limit, page * limit), total: 52, page, limit },
        };
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Contract prices' });
    expect(await within(table).findByRole('rowheader', { name: 'PART-001' })).toBeInTheDocument();
    expect(within(table).getAllByTestId('price-row')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages of contract prices' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–50 of 52');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('rowheader', { name: 'PART-052' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId('price-row')).toHaveLength(2));
    expect(callsTo(routes.companies.prices).map((call) => call.query)).toEqual([
      { page: '1', limit: '50' },
      { page: '2', limit: '50' },
    ]);
  });
  it("shows the company's account and invoices, sets its terms and records a bank transfer (issue 30)", async () => {
    const termed: Company = {
      ...company,
      paymentTerms: 'net30',
      creditLimit: 50000,
      onHold: false,
      balance: 6244,
    };
    const invoice = {
      _id: testId(901),
      invoiceNumber: 'INV-2026-00041',
      purchaseNumber: 'PW-000041',
      poNumber: 'NW-PO-4418',
      issuedAt: '2026-11-20T10:00:00.000Z',
      dueDate: '2026-12-20',
      paymentTerms: 'net30' as const,
      total: 6244,
      amountDue: 6244,
      daysOverdue: 0,
      status: 'open' as const,
      paidAt: null,
    };
    const { user, callsTo } = setUp(`/dashboard/companies/${companyId}`, [
      answer(routes.companies.get, 200, termed),
      answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
      answer(routes.companies.account, 200, {
        creditLimit: 50000,
        balance: 6244,
        available: 43756,
        overdue: 0,
        entries: [
          {
            at: '2026-11-20T10:00:00.000Z',
            kind: 'invoice',
            amount: 6244,
            reference: 'INV-2026-00041',
            balanceAfter: 6244,
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      }),
      answer(routes.companies.invoices, 200, { items: [invoice], total: 1, page: 1, limit: 20 }),
      answer(routes.companies.putTerms, 200, { ...termed, creditLimit: 75000 }),
      answer(routes.companies.recordBankPayment, 201, {
        _id: testId(950),
        amount: 6244,
        reference: 'SEPA NW-118',
        receivedOn: '2026-11-27',
        allocations: [
          {
            invoiceId: invoice._id,
            invoiceNumber: invoice.invoiceNumber,
            amount: 6244,
            amountDueAfter: 0,
          },
        ],
        unallocated: 0,
        balance: 0,
      }),
    ]);
    const panel = await screen.findByTestId('account-panel');
    const figures = await within(panel).findByTestId('account-figures');
    expect(figures).toHaveTextContent('TermsNet 30');
    expect(figures).toHaveTextContent('Credit limit$50,000');
    expect(figures).toHaveTextContent('Available$43,756');
    const invoices = await within(panel).findByRole('table', { name: 'Invoices on account' });
    const row = await within(invoices).findByRole('row', { name: /INV-2026-00041/ });
    expect(row).toHaveTextContent('NW-PO-4418');
    expect(within(row).getByRole('link', { name: 'PW-000041' })).toHaveAttribute(
      'href',
      `/dashboard/purchases/${invoice._id}`,
    );

    // A higher limit.
    const limit = within(panel).getByRole('textbox', { name: 'Credit limit ($)' });
    await user.clear(limit);
    await user.type(limit, '75,000');
    await user.click(within(panel).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(callsTo(routes.companies.putTerms)).toHaveLength(1));
    expect(callsTo(routes.companies.putTerms)[0]!.body).toEqual({
      paymentTerms: 'net30',
      creditLimit: 75000,
      onHold: false,
    });

    // The transfer that pays the invoice; a bad amount is refused before anything is sent.
    const amount = within(panel).getByRole('textbox', { name: 'Amount ($)' });
    await user.type(amount, '0');
    await user.type(within(panel).getByRole('textbox', { name: 'Reference' }), 'SEPA NW-118');
    await user.click(within(panel).getByRole('button', { name: 'Record transfer' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The amount is dollars above 0',
    );
    await user.clear(amount);
    await user.type(amount, '6,244');
    await user.click(within(panel).getByRole('button', { name: 'Record transfer' }));
    expect(
      await screen.findByText('Transfer recorded: paid towards INV-2026-00041.'),
    ).toBeInTheDocument();
    const [sent] = callsTo(routes.companies.recordBankPayment);
    expect(sent!.body).toMatchObject({ amount: 6244, reference: 'SEPA NW-118' });
    expect(sent!.headers[IDEMPOTENCY_KEY_HEADER]).toBeTruthy();
  });
});
