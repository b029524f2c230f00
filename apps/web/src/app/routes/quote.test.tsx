import {
  quoteMessages,
  type Location,
  type Quote,
  type QuoteVersion,
  type UserInfo,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, customer, signedIn, type TestUser } from '../../test/auth-mock';
import {
  makePreview,
  makePurchase,
  testConfig,
  testId,
  testShippingOptions,
} from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

/** The quote's page (issue 31): offers, thread, accept, decline, and the admin's offer. */

const quoteId = testId(610);
const companyId = testId(720);
const cpu = testId(1);
const ram = testId(2);

const version = (n: number, prices: [number, number], expiresAt: string): QuoteVersion => ({
  version: n,
  lines: [
    {
      productId: cpu,
      productName: 'Vector X8 Processor',
      quantity: 500,
      unitPrice: prices[0],
      total: 500 * prices[0],
    },
    {
      productId: ram,
      productName: 'DDR5 kit',
      quantity: 100,
      unitPrice: prices[1],
      total: 100 * prices[1],
    },
  ],
  subtotal: 500 * prices[0] + 100 * prices[1],
  expiresAt,
  note: n === 2 ? 'Our best for this volume.' : null,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
});

const makeQuote = (overrides: Partial<Quote> = {}): Quote => ({
  _id: quoteId,
  number: 'Q-000042',
  status: 'offered',
  companyId,
  companyName: 'Northwind Systems GmbH',
  requester: { name: 'JANE BUYER', email: customer.email },
  lineCount: 2,
  offerSubtotal: 5_500,
  expiresAt: '2030-12-10T23:59:59.000Z',
  purchaseId: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  locationId: testId(722),
  lines: [
    {
      productId: cpu,
      productName: 'Vector X8 Processor',
      sku: 'VX8',
      quantity: 500,
      targetPrice: 9,
      listPrice: 12,
      tierPrice: 11,
      contractPrice: null,
    },
    {
      productId: ram,
      productName: 'DDR5 kit',
      sku: 'DDR5-32',
      quantity: 100,
      targetPrice: null,
      listPrice: 50,
      tierPrice: 48,
      contractPrice: 45,
    },
  ],
  versions: [
    version(1, [10.5, 46], '2030-12-01T23:59:59.000Z'),
    version(2, [10, 45], '2030-12-10T23:59:59.000Z'),
  ],
  messages: [
    {
      _id: testId(630),
      from: 'buyer',
      author: 'JANE BUYER',
      text: 'Can you do better on the processors?',
      targetPrices: [{ productId: cpu, targetPrice: 9.5 }],
      createdAt: '2026-11-21T08:00:00.000Z',
    },
    {
      _id: testId(631),
      from: 'shop',
      author: 'ALEX ADMIN',
      text: 'New offer attached.',
      targetPrices: [],
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  purchaseNumber: null,
  purchaseClosed: null,
  ...overrides,
});

const location = (n: number, name: string): Location => ({
  _id: testId(720 + n),
  companyId,
  name,
  address: {
    name: 'Receiving',
    company: null,
    line1: `${n}00 Main Street`,
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '78759',
    country: 'US',
  },
  taxExempt: false,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
});
const austin = location(1, 'Austin plant');
const dallas = location(2, 'Dallas depot');

const profile: UserInfo = {
  education: 'BSc',
  location: 'Austin',
  number: '+1 512 555 0199',
  linkedin: 'https://www.linkedin.com/in/jane',
  company: null,
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
};

const company: Mocks = [
  answer(routes.companies.spending, 200, {
    companyId,
    companyName: 'Northwind Systems GmbH',
    role: 'buyer',
    spendingLimit: null,
    spentThisMonth: 0,
    paymentTerms: 'net30',
    onHold: false,
    holdReason: null,
  }),
  answer(routes.locations.list, 200, { items: [austin, dallas], total: 2, page: 1, limit: 100 }),
  // What accepting charges: the latest offer's lines at its prices, the method asked for.
  handle(routes.quotes.preview, ({ body }) => ({
    status: 200,
    body: makePreview(
      [
        { productId: cpu, quantity: 500, unitPrice: 10 },
        { productId: ram, quantity: 100, unitPrice: 45 },
      ],
      { methodId: body.shippingMethod, taxRate: 0.0825 },
    ),
  })),
];

/** The server's quote: GET answers what the last change left. */
const server = { quote: makeQuote() };

/** A mutation's handler: the quote becomes `next`, and the call answers it. */
const becomes = (next: Quote) => {
  server.quote = next;
  return next;
};

function setUp(user: TestUser, quote: Quote, extra: Mocks = []) {
  server.quote = quote;
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(user),
    answer(routes.profile.get, 200, profile),
    handle(routes.quotes.get, () => ({ status: 200, body: server.quote })),
    extra,
  ]);
  return { ...api, ...renderApp(`/dashboard/quotes/${quote._id}`) };
}

describe('Quote page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the requested lines, every offer (the latest first) and the thread', async () => {
    setUp(customer, makeQuote());
    expect(await screen.findByRole('heading', { name: 'Quote Q-000042' })).toBeInTheDocument();
    expect(screen.getByText('Offered')).toBeInTheDocument();
    expect(screen.getByText('Northwind Systems GmbH')).toBeInTheDocument();

    const requested = screen.getAllByTestId('requested-line');
    expect(requested[0]).toHaveTextContent('Vector X8 Processor (VX8)500$9$12$11—');
    expect(requested[1]).toHaveTextContent('DDR5 kit (DDR5-32)100Your best price$50$48$45');

    const offers = screen.getAllByTestId('quote-offer');
    expect(offers).toHaveLength(2);
    expect(offers[0]).toHaveAccessibleName('Offer version 2');
    expect(within(offers[0]!).getByText('Latest')).toBeInTheDocument();
    expect(offers[0]).toHaveTextContent('Subtotal: $9,500');
    expect(offers[0]).toHaveTextContent('Our best for this volume.');
    expect(within(offers[0]!).getAllByTestId('offer-line')[0]).toHaveTextContent(
      'Vector X8 Processor500$10$5,000',
    );
    // The discounts against the list price are the admin's alone.
    expect(offers[0]).not.toHaveTextContent('off list');
    expect(offers[1]).toHaveAccessibleName('Offer version 1');
    expect(within(offers[1]!).queryByText('Latest')).not.toBeInTheDocument();

    const messages = screen.getAllByTestId('quote-message');
    expect(messages[0]).toHaveTextContent('JANE BUYER');
    expect(messages[0]).toHaveTextContent('Can you do better on the processors?');
    expect(messages[0]).toHaveTextContent('New target price for Vector X8 Processor: $9.50');
    expect(messages[1]).toHaveTextContent('ALEX ADMIN (shop)');
    // No offer form for a buyer.
    expect(screen.queryByRole('form', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('downloads the PDF of the offer chosen', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:quote');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, callsTo } = setUp(customer, makeQuote(), [
      handle(routes.quotes.pdf, () => ({ status: 200, body: '%PDF-1.7' })),
    ]);
    const older = await screen.findByRole('region', { name: 'Offer version 1' });
    await user.click(within(older).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['Q-000042-v1.pdf']));
    expect(callsTo(routes.quotes.pdf)[0]?.query).toEqual({ version: '1' });
  });

  it('sends a message with new target prices', async () => {
    const { user, callsTo } = setUp(customer, makeQuote(), [
      handle(routes.quotes.message, () => ({
        status: 201,
        body: becomes(makeQuote({ status: 'requested' })),
      })),
    ]);
    const form = await screen.findByRole('form', { name: 'Write a message' });
    await user.type(within(form).getByLabelText('Message'), 'Nine dollars and we have a deal.');
    await user.type(
      within(form).getByLabelText('New target price for Vector X8 Processor (optional)'),
      '9',
    );
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(callsTo(routes.quotes.message)).toHaveLength(1));
    expect(callsTo(routes.quotes.message)[0]?.body).toEqual({
      text: 'Nine dollars and we have a deal.',
      targetPrices: [{ productId: cpu, targetPrice: 9 }],
    });
    expect(await screen.findByText('Requested')).toBeInTheDocument();
  });

  it('accepts the latest offer at the quote’s location, with the total it charges, and goes to the purchase', async () => {
    const purchase = makePurchase({ _id: testId(901), number: 'PW-000777' });
    const { user, callsTo, router } = setUp(customer, makeQuote(), [
      company,
      handle(routes.quotes.accept, () => ({
        status: 200,
        body: { ...becomes(makeQuote({ status: 'accepted', purchaseId: purchase._id })), purchase },
      })),
      answer(routes.purchases.get, 200, purchase),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const form = await screen.findByRole('form', { name: 'Accept offer' });
    // The quote's location (Dallas) is chosen once the company's locations arrive.
    expect(await within(form).findByRole('radio', { name: /Dallas depot/ })).toBeChecked();
    await waitFor(() =>
      expect(within(form).getByLabelText('Phone Number')).toHaveValue(profile.number),
    );
    // The offer's goods ($9,500), ground shipping ($11.50) and 8.25 % tax: $10,296.20.
    expect(await within(form).findByTestId('accept-total')).toHaveTextContent('$10,296.20');
    expect(callsTo(routes.quotes.preview).at(-1)).toMatchObject({
      params: { id: quoteId },
      body: { number: profile.number, locationId: dallas._id, version: 2 },
    });
    // Next Day Air instead: priced again, and the total follows.
    const methods = within(form).getByRole('group', { name: 'Shipping method' });
    await user.click(within(methods).getByRole('radio', { name: /UPS Next Day Air/ }));
    await waitFor(() =>
      expect(within(form).getByTestId('accept-total')).toHaveTextContent('$10,326.94'),
    );
    await user.click(within(form).getByRole('radio', { name: /On account/ }));
    await user.type(within(form).getByLabelText('PO number (optional)'), 'PO-9');
    await user.click(within(form).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(callsTo(routes.quotes.accept)).toHaveLength(1));
    expect(callsTo(routes.quotes.accept)[0]?.body).toEqual({
      number: profile.number,
      locationId: dallas._id,
      shippingMethod: testShippingOptions[1]!._id,
      paymentMethod: 'account',
      poNumber: 'PO-9',
      version: 2,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/purchases/${purchase._id}`),
    );
  });

  it('shows why an accept was refused', async () => {
    const { user } = setUp(customer, makeQuote(), [
      company,
      handle(routes.quotes.accept, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: quoteMessages.staleOffer },
      })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const form = await screen.findByRole('form', { name: 'Accept offer' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Phone Number')).toHaveValue(profile.number),
    );
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('accept-error')).toHaveTextContent(quoteMessages.staleOffer);
  });

  it('shows an approver of the company the quote, but no answer and no message form', async () => {
    const approverSpending = answer(routes.companies.spending, 200, {
      companyId,
      companyName: 'Northwind Systems GmbH',
      role: 'approver',
      spendingLimit: null,
      spentThisMonth: 0,
      paymentTerms: 'card',
      onHold: false,
      holdReason: null,
    });
    setUp(
      customer,
      makeQuote({ requester: { name: 'JANE BUYER', email: 'jane.buyer@northwind.example' } }),
      [approverSpending],
    );
    expect(await screen.findByTestId('approver-note')).toHaveTextContent(
      "JANE BUYER or your company's owner answers this quote.",
    );
    expect(screen.getAllByTestId('quote-offer')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a message' })).not.toBeInTheDocument();
  });

  it('says when the purchase was rejected, and asks again for the same lines', async () => {
    const next = makeQuote({ _id: testId(611), number: 'Q-000043', status: 'requested' });
    const { user, callsTo, router } = setUp(
      customer,
      makeQuote({
        status: 'accepted',
        purchaseId: testId(901),
        purchaseNumber: 'PW-000777',
        purchaseClosed: 'rejected',
      }),
      [handle(routes.quotes.create, () => ({ status: 201, body: next }))],
    );
    expect(await screen.findByTestId('purchase-closed')).toHaveTextContent(
      'Its purchase PW-000777 was rejected: the quote stays as it was agreed.',
    );
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for a new quote' }));
    await waitFor(() => expect(callsTo(routes.quotes.create)).toHaveLength(1));
    expect(callsTo(routes.quotes.create)[0]?.body).toEqual({
      lines: [
        { productId: cpu, quantity: 500, targetPrice: 9 },
        { productId: ram, quantity: 100 },
      ],
      message: 'Asked again: purchase PW-000777 from quote Q-000042 was rejected.',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/quotes/${next._id}`),
    );
  });

  it('declines after the confirm dialog', async () => {
    const { user, callsTo } = setUp(customer, makeQuote(), [
      handle(routes.quotes.decline, () => ({
        status: 200,
        body: becomes(makeQuote({ status: 'declined' })),
      })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this quote?' });
    expect(callsTo(routes.quotes.decline)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(routes.quotes.decline)).toHaveLength(1));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a message' })).not.toBeInTheDocument();
  });

  it('shows the API’s 403 to an approver who tries to decline', async () => {
    const { user } = setUp(customer, makeQuote(), [
      handle(routes.quotes.decline, () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: quoteMessages.mayNotAccept },
      })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this quote?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('decline-error')).toHaveTextContent(
      quoteMessages.mayNotAccept,
    );
  });

  it('lets the admin make an offer prefilled from the latest, with discounts against list', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T09:00:00Z') });
    try {
      const { user, callsTo } = setUp(admin, makeQuote(), [
        handle(routes.quotes.offer, () => ({ status: 200, body: makeQuote() })),
      ]);
      const offers = await screen.findAllByTestId('quote-offer');
      expect(within(offers[0]!).getAllByTestId('offer-line')[0]).toHaveTextContent(
        '$10(16.7% off list)',
      );
      // No accept or decline for the admin.
      expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();

      const form = screen.getByRole('form', { name: 'Make an offer' });
      const cpuPrice = within(form).getByLabelText('Unit price of Vector X8 Processor');
      expect(cpuPrice).toHaveValue(10);
      expect(within(form).getByLabelText('Valid until')).toHaveValue('2026-12-12');
      await user.clear(cpuPrice);
      await user.type(cpuPrice, '9.75');
      const ramQuantity = within(form).getByLabelText('Quantity of DDR5 kit');
      await user.clear(ramQuantity);
      await user.type(ramQuantity, '150');
      await user.type(within(form).getByLabelText('Note (optional)'), 'For 150 kits.');
      await user.click(within(form).getByRole('button', { name: 'Send offer' }));

      await waitFor(() => expect(callsTo(routes.quotes.offer)).toHaveLength(1));
      expect(callsTo(routes.quotes.offer)[0]?.body).toEqual({
        lines: [
          { productId: cpu, quantity: 500, unitPrice: 9.75 },
          { productId: ram, quantity: 150, unitPrice: 45 },
        ],
        expiresAt: '2026-12-12T23:59:59Z',
        note: 'For 150 kits.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the admin’s first offer at the volume price and shows a 409 in an alert', async () => {
    const { user } = setUp(admin, makeQuote({ status: 'requested', versions: [] }), [
      handle(routes.quotes.offer, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: quoteMessages.closed('declined') },
      })),
    ]);
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    expect(within(form).getByLabelText('Unit price of Vector X8 Processor')).toHaveValue(11);
    expect(within(form).getByLabelText('Unit price of DDR5 kit')).toHaveValue(48);
    await user.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      quoteMessages.closed('declined'),
    );
  });
});
