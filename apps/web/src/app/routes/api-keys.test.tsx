import type { ApiKey, ApiKeyCreated, Spending } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, signedIn, type TestUser } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { dashboardMenu } from '../layouts/dashboard-menu';

/** The API keys page (issue 32): an owner's company keys, the admin's shop keys. */

const companyId = testId(720);
const spendingAs = (role: Spending['role']): Spending => ({
  companyId,
  companyName: 'Northwind Systems GmbH',
  role,
  spendingLimit: null,
  spentThisMonth: 0,
  paymentTerms: 'card',
  onHold: false,
  holdReason: null,
});

const coupa: ApiKey = {
  _id: testId(801),
  name: 'Coupa purchasing',
  scopes: ['catalog:read', 'purchases:write'],
  prefix: 'pk_live_3fK9',
  companyId,
  createdBy: customer.email,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-27T15:30:00.000Z',
  revokedAt: null,
};

/** The server's keys: what the last change left. */
const server: { keys: ApiKey[] } = { keys: [] };

function setUp(user: TestUser, role: Spending['role'] = 'owner') {
  server.keys = [coupa];
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(user),
    answer(routes.companies.spending, 200, spendingAs(role)),
    handle(routes.apiKeys.list, () => ({
      status: 200,
      body: { items: server.keys, total: server.keys.length, page: 1, limit: 20 },
    })),
    handle(routes.apiKeys.create, ({ body }) => {
      const made: ApiKeyCreated = {
        ...coupa,
        _id: testId(802),
        name: body.name,
        scopes: body.scopes,
        prefix: 'pk_live_Zq7u',
        lastUsedAt: null,
        secret: 'pk_live_Zq7uSecretShownOnce0123456789abcdefghijk',
      };
      server.keys = [made, ...server.keys];
      return { status: 201, body: made };
    }),
    handle(routes.apiKeys.revoke, ({ params }) => {
      const key = {
        ...server.keys.find((k) => k._id === params.id)!,
        revokedAt: new Date().toISOString(),
      };
      server.keys = server.keys.filter((k) => k._id !== params.id);
      return { status: 200, body: key };
    }),
  ]);
  return { ...api, ...renderApp('/dashboard/api-keys') };
}

describe('API keys page', () => {
  it('lets an owner make a key with the company scopes, and shows its secret once', async () => {
    const { user, callsTo } = setUp(customer);
    const form = await screen.findByRole('form', { name: 'Make a key' });
    // The company's buying only: no catalogue writing, no other customers' orders.
    const scopes = within(form).getAllByRole('checkbox');
    expect(scopes).toHaveLength(4);
    expect(within(form).queryByText('catalog:write')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Make key' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please name the key (what uses it) in at most 80 characters.',
    );
    await user.type(within(form).getByLabelText('Name'), 'SAP Ariba');
    await user.click(within(form).getByRole('checkbox', { name: /purchases:write/ }));
    await user.click(within(form).getByRole('checkbox', { name: /catalog:read/ }));
    await user.click(within(form).getByRole('button', { name: 'Make key' }));

    await waitFor(() => expect(callsTo(routes.apiKeys.create)).toHaveLength(1));
    expect(callsTo(routes.apiKeys.create)[0]?.body).toEqual({
      name: 'SAP Ariba',
      scopes: ['catalog:read', 'purchases:write'],
    });
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(
      'pk_live_Zq7uSecretShownOnce0123456789abcdefghijk',
    );
    const table = screen.getByRole('table', { name: 'API keys' });
    await waitFor(() => expect(within(table).getAllByTestId('api-key-row')).toHaveLength(2));
    // Done: the secret is gone for good; the list shows the prefix only.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-key-secret')).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('SecretShownOnce');
    expect(within(table).getAllByTestId('api-key-row')[0]).toHaveTextContent('pk_live_Zq7u…');
  });

  it('revokes a key after asking', async () => {
    const { user, callsTo } = setUp(customer);
    const row = await screen.findByRole('row', { name: /Coupa purchasing/ });
    expect(row).toHaveTextContent('catalog:read, purchases:write');
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent('"Coupa purchasing" (pk_live_3fK9…) stops working at once');
    expect(callsTo(routes.apiKeys.revoke)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(routes.apiKeys.revoke)).toHaveLength(1));
    expect(callsTo(routes.apiKeys.revoke)[0]?.params).toEqual({ id: coupa._id });
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
  });

  it('offers the admin every scope', async () => {
    setUp(admin);
    const form = await screen.findByRole('form', { name: 'Make a key' });
    expect(within(form).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(form).getByRole('checkbox', { name: /orders:write/ })).toBeInTheDocument();
  });

  it("tells a buyer their company's owner makes the keys", async () => {
    setUp(customer, 'buyer');
    expect(await screen.findByText("Your company's owner makes its API keys.")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Make a key' })).not.toBeInTheDocument();
  });

  it('is in the menu of an owner and of the admin, not of a buyer', () => {
    const labels = (items: { label: string }[]) => items.map((item) => item.label);
    expect(labels(dashboardMenu(false, 'owner'))).toContain('API Keys');
    expect(labels(dashboardMenu(false, 'buyer'))).not.toContain('API Keys');
    expect(labels(dashboardMenu(true))).toContain('API Keys');
  });
});
