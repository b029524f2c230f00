import { companyMessages, INVITATIONS_PAGE, type Company, type Invitation } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import {
  declinedMessage,
  joinedMessage,
  NO_INVITATIONS,
} from '../../features/companies/components/invitations-list';
import { invitationsWaiting } from '../../features/companies/components/invitations-banner';

const acme: Invitation = {
  companyId: testId(801),
  companyName: 'Acme Components Ltd',
  role: 'buyer',
  invitedBy: 'olive@acme.example',
};
const globex: Invitation = {
  companyId: testId(802),
  companyName: 'Globex Parts Ltd',
  role: 'approver',
  invitedBy: 'hank@globex.example',
};

const joined: Company = {
  _id: acme.companyId,
  name: acme.companyName,
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  members: [
    {
      email: customer.email,
      role: 'buyer',
      spendingLimit: null,
      status: 'active',
      name: customer.name,
      spentThisMonth: 0,
    },
  ],
};

function setUp(path: string, extra: Mocks) {
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks, extra]);
  return { ...api, ...renderApp(path) };
}

const banner = () => screen.findByRole('region', { name: 'Company invitations' });
const rowOf = async (company: string) =>
  (await screen.findByRole('rowheader', { name: company })).closest('tr')!;

describe('invitations (issue 27)', () => {
  it('shows a signed-in customer a banner linking to the invitations page', async () => {
    setUp('/dashboard/myprofile', [answer(routes.companies.invitations, 200, [acme, globex])]);
    const region = await banner();
    expect(region).toHaveTextContent(
      invitationsWaiting(['Acme Components Ltd', 'Globex Parts Ltd']),
    );
    expect(within(region).getByRole('link', { name: 'See invitations' })).toHaveAttribute(
      'href',
      INVITATIONS_PAGE,
    );
  });

  it('shows no banner without invitations', async () => {
    const { callsTo } = setUp('/dashboard/myprofile', [
      answer(routes.companies.invitations, 200, []),
    ]);
    await waitFor(() => expect(callsTo(routes.companies.invitations)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Company invitations' })).not.toBeInTheDocument();
  });

  it('accepts an invitation: the caller joins and it leaves the list and the banner', async () => {
    let waiting = [acme, globex];
    const { user, callsTo } = setUp(INVITATIONS_PAGE, [
      handle(routes.companies.invitations, () => ({ status: 200, body: waiting })),
      handle(routes.companies.acceptInvitation, ({ params }) => {
        waiting = waiting.filter((invitation) => invitation.companyId !== params.companyId);
        return { status: 200, body: joined };
      }),
    ]);
    const row = await rowOf('Acme Components Ltd');
    expect(row).toHaveTextContent('Buyer');
    expect(row).toHaveTextContent('olive@acme.example');
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(joinedMessage('Acme Components Ltd'))).toBeInTheDocument();
    expect(callsTo(routes.companies.acceptInvitation)[0]!.params).toEqual({
      companyId: acme.companyId,
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('rowheader', { name: 'Acme Components Ltd' }),
      ).not.toBeInTheDocument(),
    );
    expect(await banner()).toHaveTextContent(invitationsWaiting(['Globex Parts Ltd']));
  });

  it('declines an invitation; the list says when none are left', async () => {
    let waiting = [globex];
    const { user, callsTo } = setUp(INVITATIONS_PAGE, [
      handle(routes.companies.invitations, () => ({ status: 200, body: waiting })),
      handle(routes.companies.declineInvitation, () => {
        waiting = [];
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    await user.click(
      within(await rowOf('Globex Parts Ltd')).getByRole('button', { name: 'Decline' }),
    );
    expect(await screen.findByText(declinedMessage('Globex Parts Ltd'))).toBeInTheDocument();
    expect(await screen.findByText(NO_INVITATIONS)).toBeInTheDocument();
    expect(callsTo(routes.companies.declineInvitation)[0]!.params).toEqual({
      companyId: globex.companyId,
    });
    expect(screen.queryByRole('region', { name: 'Company invitations' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the caller already belongs to a company", async () => {
    const { user } = setUp(INVITATIONS_PAGE, [
      answer(routes.companies.invitations, 200, [acme]),
      answer(routes.companies.acceptInvitation, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: companyMessages.leaveFirst,
      }),
    ]);
    await user.click(
      within(await rowOf('Acme Components Ltd')).getByRole('button', { name: 'Accept' }),
    );
    expect(await screen.findByText(companyMessages.leaveFirst)).toBeInTheDocument();
    expect(await rowOf('Acme Components Ltd')).toBeInTheDocument();
  });
});
