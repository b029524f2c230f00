import {
  COMPANY_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  type Spending,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, signedIn, type TestUser } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { dashboardMenu } from '../layouts/dashboard-menu';

/** The webhooks page (issue 32): subscriptions, the secret once, the delivery log, send again. */

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

const erp: Webhook = {
  _id: testId(851),
  url: 'https://erp.northwind.example/hooks/shop',
  events: ['purchase.created', 'purchase.approved'],
  companyId,
  createdBy: customer.email,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const failed: WebhookDelivery = {
  _id: testId(861),
  eventId: testId(871),
  type: 'purchase.created',
  status: 'failed',
  responseStatus: 503,
  attempts: 9,
  lastError: 'answered 503',
  createdAt: '2026-11-26T09:00:00.000Z',
  deliveredAt: null,
  nextAttemptAt: null,
};

const server: { hooks: Webhook[]; deliveries: WebhookDelivery[] } = { hooks: [], deliveries: [] };

function setUp(user: TestUser, role: Spending['role'] = 'owner') {
  server.hooks = [erp];
  server.deliveries = [failed];
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(user),
    answer(routes.companies.spending, 200, spendingAs(role)),
    handle(routes.webhooks.list, () => ({
      status: 200,
      body: { items: server.hooks, total: server.hooks.length, page: 1, limit: 20 },
    })),
    handle(routes.webhooks.create, ({ body }) => {
      const made: WebhookCreated = {
        ...erp,
        _id: testId(852),
        url: body.url,
        events: body.events,
        secret: 'whsec_ShownOnce0123456789abcdefghijklmnopqrstu',
      };
      server.hooks = [made, ...server.hooks];
      return { status: 201, body: made };
    }),
    handle(routes.webhooks.deliveries, () => ({
      status: 200,
      body: { items: server.deliveries, total: server.deliveries.length, page: 1, limit: 20 },
    })),
    handle(routes.webhooks.resend, () => {
      server.deliveries = [
        { ...failed, status: 'pending', nextAttemptAt: new Date().toISOString() },
      ];
      return { status: 200, body: server.deliveries[0]! };
    }),
    handle(routes.webhooks.remove, ({ params }) => {
      const hook = server.hooks.find((h) => h._id === params.id)!;
      server.hooks = server.hooks.filter((h) => h._id !== params.id);
      return { status: 200, body: hook };
    }),
  ]);
  return { ...api, ...renderApp('/dashboard/webhooks') };
}

describe('Webhooks page', () => {
  it('subscribes a URL to the events ticked, and shows the signing secret once', async () => {
    const { user, callsTo } = setUp(customer);
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    // An owner hears of the company's business and the catalogue; the shop's stock is the admin's.
    expect(within(form).getAllByRole('checkbox')).toHaveLength(COMPANY_WEBHOOK_EVENTS.length);
    expect(within(form).queryByRole('checkbox', { name: /stock\.low/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please give the https:// (or http://) address your system receives events at.',
    );
    await user.type(within(form).getByLabelText('URL'), 'https://coupa.example/hooks');
    await user.click(within(form).getByRole('checkbox', { name: /quote\.offered/ }));
    await user.click(within(form).getByRole('checkbox', { name: /purchase\.created/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(callsTo(routes.webhooks.create)).toHaveLength(1));
    expect(callsTo(routes.webhooks.create)[0]?.body).toEqual({
      url: 'https://coupa.example/hooks',
      events: ['purchase.created', 'quote.offered'],
    });
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(
      'whsec_ShownOnce0123456789abcdefghijklmnopqrstu',
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Webhooks' });
    await waitFor(() => expect(within(table).getAllByTestId('webhook-row')).toHaveLength(2));
    expect(table).not.toHaveTextContent('ShownOnce');
  });

  it('offers the admin every event, stock run low too', async () => {
    setUp(admin);
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    expect(within(form).getAllByRole('checkbox')).toHaveLength(WEBHOOK_EVENTS.length);
    expect(
      within(form).getByRole('checkbox', { name: /A product falls to its low-stock threshold/ }),
    ).toBeInTheDocument();
  });

  it('opens the delivery log and sends a failed delivery again', async () => {
    const { user, callsTo } = setUp(customer);
    const row = await screen.findByRole('row', { name: /erp\.northwind\.example/ });
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('region', {
      name: 'Deliveries to https://erp.northwind.example/hooks/shop',
    });
    const delivery = await within(log).findByTestId('delivery-row');
    expect(delivery).toHaveTextContent('purchase.created');
    expect(delivery).toHaveTextContent('Failed');
    expect(delivery).toHaveTextContent('503');
    await user.click(within(delivery).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(callsTo(routes.webhooks.resend)).toHaveLength(1));
    expect(callsTo(routes.webhooks.resend)[0]?.params).toEqual({
      id: erp._id,
      deliveryId: failed._id,
    });
    await waitFor(() =>
      expect(within(log).getByTestId('delivery-row')).toHaveTextContent('Pending'),
    );
  });

  it('removes a webhook after asking', async () => {
    const { user, callsTo } = setUp(customer);
    const row = await screen.findByRole('row', { name: /erp\.northwind\.example/ });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(routes.webhooks.remove)).toHaveLength(1));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it("tells a buyer their company's owner subscribes its systems", async () => {
    setUp(customer, 'buyer');
    expect(
      await screen.findByText("Your company's owner subscribes its systems to its events."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument();
  });

  it('is in the menu of an owner and of the admin, not of a buyer', () => {
    const labels = (items: { label: string }[]) => items.map((item) => item.label);
    expect(labels(dashboardMenu(false, 'owner'))).toContain('Webhooks');
    expect(labels(dashboardMenu(false, 'buyer'))).not.toContain('Webhooks');
    expect(labels(dashboardMenu(true))).toContain('Webhooks');
  });
});
