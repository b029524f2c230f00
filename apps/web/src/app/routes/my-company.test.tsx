import { companyMessages, type ActiveMember, type Company, type CompanyMember } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { makePurchase, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import {
  COMPANY_CREATED,
  COMPANY_DISSOLVED,
  CONFIRM_DISSOLVE,
} from '../../features/companies/components/my-company';
import { invitedMessage } from '../../features/companies/components/invite-member';
import { CONFIRM_LEAVE } from '../../features/companies/components/members-table';

const companyId = testId(700);

const member = (overrides: Partial<ActiveMember>): CompanyMember => ({
  email: customer.email,
  role: 'owner',
  spendingLimit: null,
  status: 'active',
  name: customer.name,
  spentThisMonth: 0,
  ...overrides,
});

/** An invitation as the API lists it: the address, role and limit, nothing of the person. */
const invited = (email: string, role: CompanyMember['role'], spendingLimit: number | null = null) =>
  ({ email, role, spendingLimit, status: 'invited' }) satisfies CompanyMember;

function company(members: CompanyMember[] = [member({})]): Company {
  return {
    _id: companyId,
    name: 'Acme Components Ltd',
    taxId: 'GB123456789',
    billingAddress: '1 Ledger Street, Leeds',
    shippingAddress: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    members,
  };
}

const noCompany = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: companyMessages.noCompany },
} as const;

const noPurchases = answer(routes.companies.purchases, 200, {
  items: [],
  total: 0,
  page: 1,
  limit: 20,
});

function setUp(extra: Mocks) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    noPurchases,
    answer(routes.tax.listExemptions, 200, { items: [], total: 0, page: 1, limit: 20 }),
    extra,
  ]);
  return { ...api, ...renderApp('/dashboard/mycompany') };
}

const membersTable = () => screen.findByRole('table', { name: 'Members' });
async function rowOf(email: string) {
  const cell = await within(await membersTable()).findByRole('rowheader', {
    name: new RegExp(`^${email}`),
  });
  return cell.closest('tr') as HTMLElement;
}

describe('My Company', () => {
  it('creates a company: checks the name, shows the server message under its field, then the company', async () => {
    let mine: Company | null = null;
    let attempts = 0;
    const { user, callsTo } = setUp([
      handle(routes.companies.mine, () => (mine ? { status: 200, body: mine } : noCompany)),
      // The dashboard's menu learns the role here (Approvals for an owner).
      handle(routes.companies.spending, () => ({
        status: 200,
        body: {
          companyId: mine?._id ?? null,
          companyName: mine?.name ?? null,
          role: mine ? 'owner' : null,
          spendingLimit: null,
          spentThisMonth: 0,
          paymentTerms: null,
          onHold: false,
          holdReason: null,
        },
      })),
      handle(routes.companies.create, ({ body }) => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'taxId: Too long for a tax id.',
            },
          };
        }
        mine = { ...company(), name: body.name, taxId: body.taxId ?? null };
        return { status: 201, body: mine };
      }),
    ]);

    const form = await screen.findByRole('form', { name: 'Create a company' });
    const create = within(form).getByRole('button', { name: 'Create company' });
    await user.click(create);
    expect(await within(form).findByText(companyMessages.name)).toBeInTheDocument();
    expect(callsTo(routes.companies.create)).toHaveLength(0);

    await user.type(
      within(form).getByRole('textbox', { name: /Company name/ }),
      'Acme Components Ltd',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Tax id (VAT/EIN)' }), 'GB123456789');
    await user.type(
      within(form).getByRole('textbox', { name: 'Billing address' }),
      '1 Ledger Street, Leeds',
    );
    await user.click(create);
    const taxId = within(form).getByRole('textbox', { name: 'Tax id (VAT/EIN)' });
    await waitFor(() => expect(taxId).toHaveAccessibleDescription('Too long for a tax id.'));
    expect(taxId).toHaveAttribute('aria-invalid', 'true');

    await user.click(create);
    expect(await screen.findByText(COMPANY_CREATED)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Components Ltd' }),
    ).toBeInTheDocument();
    expect(callsTo(routes.companies.create)[1]!.body).toEqual({
      name: 'Acme Components Ltd',
      taxId: 'GB123456789',
      billingAddress: '1 Ledger Street, Leeds',
      shippingAddress: null,
    });
    expect(await rowOf(customer.email)).toHaveTextContent('Owner');
    // Its owner decides on purchases above a limit: the menu offers Approvals now.
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(await within(menu).findByRole('link', { name: 'Approvals' })).toBeInTheDocument();
  });

  it('lists members with role, limit and a meter of the month’s spend; Invited until joined', async () => {
    setUp([
      answer(
        routes.companies.mine,
        200,
        company([
          member({}),
          member({
            email: 'sam@example.com',
            name: 'SAM BUYER',
            role: 'buyer',
            spendingLimit: 1000,
            spentThisMonth: 250,
          }),
          invited('new@example.com', 'approver'),
        ]),
      ),
    ]);
    const sam = await rowOf('sam@example.com');
    expect(Array.from(sam.querySelectorAll('td')).map((cell) => cell.dataset.label)).toEqual([
      'Email',
      'Name',
      'Role',
      'Monthly limit',
      'This month',
      'Actions',
    ]);
    expect(sam).toHaveTextContent('Buyer');
    expect(sam).toHaveTextContent('$1,000');
    const meter = within(sam).getByRole('meter', { name: 'Monthly limit used' });
    expect(meter).toHaveAttribute('aria-valuenow', '250');
    expect(meter).toHaveAttribute('aria-valuemax', '1000');
    expect(meter).toHaveAttribute('aria-valuetext', '25% used, $250 of $1,000');
    const newcomer = await rowOf('new@example.com');
    expect(newcomer).toHaveTextContent('Invited');
    // Nothing of an invitee's before they accept: no spend meter.
    expect(within(newcomer).queryByRole('meter')).not.toBeInTheDocument();
    expect(await rowOf(customer.email)).toHaveTextContent('No limit');
    expect((await membersTable()).className).toMatch(/cards/);
  });

  it('lets the owner invite a member with a role and a limit', async () => {
    let current = company();
    const { user, callsTo } = setUp([
      handle(routes.companies.mine, () => ({ status: 200, body: current })),
      handle(routes.companies.putMember, ({ params, body }) => {
        current = company([
          ...current.members,
          invited(params.email, body.role, body.spendingLimit ?? null),
        ]);
        return { status: 200, body: current };
      }),
    ]);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'approver');
    const limit = within(form).getByRole('textbox', { name: 'Monthly spending limit ($)' });
    await user.type(limit, '12.505');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(limit).toHaveAccessibleDescription(companyMessages.spendingLimit);
    expect(callsTo(routes.companies.putMember)).toHaveLength(0);

    // A limit with cents is a limit: sent as dollars, shown with its two decimals.
    await user.clear(limit);
    await user.type(limit, '1,000.50');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(invitedMessage('sam@example.com'))).toBeInTheDocument();
    expect(callsTo(routes.companies.putMember)[0]).toMatchObject({
      params: { id: companyId, email: 'sam@example.com' },
      body: { role: 'approver', spendingLimit: 1000.5 },
    });
    const sam = await rowOf('sam@example.com');
    expect(sam).toHaveTextContent('Invited');
    expect(sam).toHaveTextContent('Approver');
    expect(sam).toHaveTextContent('$1,000.50');
  });

  it("shows the server's last-owner refusal when the only owner leaves", async () => {
    const { user, callsTo } = setUp([
      answer(routes.companies.mine, 200, company()),
      answer(routes.companies.removeMember, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: companyMessages.lastOwner,
      }),
    ]);
    await user.click(within(await rowOf(customer.email)).getByRole('button', { name: 'Leave' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_LEAVE });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(companyMessages.lastOwner)).toBeInTheDocument();
    expect(callsTo(routes.companies.removeMember)[0]!.params).toEqual({
      id: companyId,
      email: customer.email,
    });
  });

  it("lists the company's purchases, each linking to its page", async () => {
    setUp([
      answer(routes.companies.mine, 200, company([member({ role: 'buyer' })])),
      answer(routes.companies.purchases, 200, {
        items: [
          makePurchase({
            _id: testId(900),
            number: 'PW-000321',
            createdAt: '2026-11-20T09:30:00.000Z',
            name: customer.name,
            email: customer.email,
            phone: '+44 20 7946 0958',
            address: 'Leeds',
            shipTo: null,
            poNumber: null,
            company: 'Acme Components Ltd',
            taxId: null,
            orders: [],
            awaitingLines: [],
            shipments: [],
            companyId,
            billingAddress: null,
            total: 9000,
            unpaidTotal: 0,
            status: 'awaiting_approval',
            paidAt: null,
            shippedAt: null,
            invoiceNumber: null,
            rejectionReason: null,
          }),
        ],
        total: 1,
        page: 1,
        limit: 20,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Company purchases' });
    expect(within(table).getByRole('link', { name: 'PW-000321' })).toHaveAttribute(
      'href',
      `/dashboard/purchases/${testId(900)}`,
    );
    expect(table).toHaveTextContent('Waiting for approval');
    expect(table).toHaveTextContent('$9,000');
    // A buyer neither edits the company nor invites.
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(menu).queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
  });

  it('lets the owner dissolve the company after a question', async () => {
    let current: Company | null = company();
    const { user, callsTo } = setUp([
      handle(routes.companies.mine, () => (current ? { status: 200, body: current } : noCompany)),
      handle(routes.companies.dissolve, () => {
        current = null;
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Dissolve company' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DISSOLVE });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(COMPANY_DISSOLVED)).toBeInTheDocument();
    expect(callsTo(routes.companies.dissolve)[0]!.params).toEqual({ id: companyId });
    expect(await screen.findByRole('button', { name: 'Create company' })).toBeInTheDocument();
  });

  it('offers no dissolving to a member who is not an owner', async () => {
    setUp([answer(routes.companies.mine, 200, company([member({ role: 'buyer' })]))]);
    await membersTable();
    expect(screen.queryByRole('button', { name: 'Dissolve company' })).not.toBeInTheDocument();
  });
});
