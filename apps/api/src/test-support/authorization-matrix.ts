import { api, API_PREFIX, routerPath, type EndpointSpec, type Method } from '@shop/shared';
import { multipartFile } from './multipart.js';

/**
 * Who may call what: one row per contract of packages/shared/src/api (Better Auth's aside), with
 * the status each kind of caller gets. apps/api/test/security/authorization-matrix.test.ts walks
 * the whole table against the real app and fails when a contract has no row, when the app
 * registers a route no row names, or when a row's statuses disagree with its contract's access.
 *
 * "customer" owns the resource a row names (their order, their profile, their email); "other"
 * is another customer asking for that same resource. Each caller sends its shop token and its
 * Better Auth session cookie; "anonymous" sends neither.
 */

export const ROLES = ['anonymous', 'customer', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The fixtures a row builds its request from. Each call makes fresh ones where it says so. */
export interface MatrixKit {
  /** The customer whose resources the rows name. */
  customerEmail: string;
  /** A product every row may read or order from. */
  productId: string;
  /** A new product, for a call that changes or removes it. */
  freshProduct(): Promise<string>;
  /** A new review, for a call that removes it. */
  freshReview(): Promise<string>;
  /** A new unpaid order of the customer. */
  unpaidOrder(): Promise<string>;
  /** A new paid (not yet shipped) order of the customer. */
  paidOrder(): Promise<string>;
  /** A new order of the customer whose sandbox payment succeeded but is not recorded yet. */
  confirmedPayment(): Promise<{ orderId: string; transactionId: string }>;
  /** A new unpaid purchase (of one line) of the customer. */
  unpaidPurchase(): Promise<string>;
  /** A new purchase of the customer whose sandbox payment succeeded but is not recorded yet. */
  confirmedPurchasePayment(): Promise<{ purchaseId: string; transactionId: string }>;
  /** A new paid purchase of the customer (it has its invoice). */
  paidPurchase(): Promise<string>;
  /** A new paid purchase of the customer and its one line. */
  paidPurchaseLine(): Promise<{ purchaseId: string; orderId: string }>;
  /** A new credit note (by an admin) of a new paid purchase of the customer: its id. */
  creditNote(): Promise<string>;
  /** The client secret of a new payment intent of a new order of the customer. */
  clientSecret(): Promise<string>;
  /** A `payment_intent.succeeded` event for a new order of the customer, signed as Stripe signs. */
  signedWebhook(): Promise<{ payload: string; signature: string }>;
  /** A new account (shop user and identity) nobody else uses: to promote or remove. */
  bystanderEmail(): Promise<string>;
  /** An email no one has used yet. */
  unusedEmail(): string;
  /** The company the customer owns (made on first use). */
  company(): Promise<string>;
  /** A new exemption certificate of the customer's company, waiting for review. */
  pendingExemption(): Promise<string>;
  /** A new invitation of the customer's company, to an unused address: to remove. */
  invitedEmail(): Promise<string>;
  /** A new purchase of a buyer of the customer's company, waiting for approval. */
  awaitingPurchase(): Promise<string>;
  /** A new company (of a new owner) that invites the customer: the id of that company. */
  invitingCompany(): Promise<string>;
  /**
   * A new invoice on account of the customer's company (given Net 30 on first use) and its card
   * payment, confirmed at the sandbox but not yet recorded.
   */
  confirmedInvoicePayment(): Promise<{ companyId: string; transactionId: string }>;
  /** A new ship-to location of the customer's company: its id. */
  location(): Promise<string>;
  /** A new quote the customer asked for (5 of the product): its id. */
  quote(): Promise<string>;
  /** A new quote of the customer with an admin's offer valid for a week: its id. */
  offeredQuote(): Promise<string>;
  /** A new API key of the customer's company (its owner's): its id. */
  apiKey(): Promise<string>;
  /** A new webhook of the customer's company and one delivery of it: their ids. */
  webhook(): Promise<{ id: string; deliveryId: string }>;
  /** A new job of the job system given up as failed: its id. */
  failedJob(): Promise<string>;
}

/** A call's input, as the contract takes it; a raw body (Stripe's) is sent as the string. */
export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  contract: EndpointSpec;
  /** The contract's method. */
  method: Method;
  /** The contract's route as the app registers it: `/api/item/:id`. */
  url: string;
  expect: Record<Role, number>;
  request(kit: MatrixKit): MatrixRequest | Promise<MatrixRequest>;
}

type RowSpec = Pick<MatrixRow, 'expect' | 'request'>;

/** A row of a contract: method and route come from it, never typed again. */
const row = (contract: EndpointSpec, spec: RowSpec): MatrixRow => ({
  contract,
  method: contract.method,
  url: `${API_PREFIX}${routerPath(contract.path)}`,
  ...spec,
});

const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  customer: status,
  other: status,
  admin: status,
});
const adminOnly = (status: number) => ({
  anonymous: 401,
  customer: 403,
  other: 403,
  admin: status,
});
const ownerOnly = (status: number) => ({
  anonymous: 401,
  customer: status,
  other: 403,
  admin: 403,
});
const ownerOrAdmin = (status: number) => ({
  anonymous: 401,
  customer: status,
  other: 403,
  admin: status,
});
const anyUser = (status: number) => ({
  anonymous: 401,
  customer: status,
  other: status,
  admin: status,
});

/** The smallest PNG there is: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const productBody = {
  name: 'Matrix NVMe 2TB',
  img: '/images/products/ssd.svg',
  description: 'A drive made for the authorization matrix.',
  price: 40,
  minimum: 1,
  available: 100,
};
/** A structured address (issue 29) in Germany, with its PLZ. */
export const matrixAddress = {
  name: 'Mia Matrix',
  line1: 'Friedrichstrasse 12',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};
const orderBody = (productId: string) => ({
  productId,
  quantity: 1,
  number: '+(555) 123-4567',
  address: '12 Harbour Road, Springfield',
});
const profileBody = {
  education: 'BSc Electrical Engineering',
  location: 'Springfield',
  number: '+(555) 123-4567',
  linkedin: 'https://www.linkedin.com/in/pat',
};
const sandboxCard = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

const { catalog, reviews, newsletter, orders, purchases, payments, identity, profile, users } = api;
const { audit, companies, locations, stats } = api;
const { settings, docs, tax, shipping, creditNotes, quotes } = api;

/** The smallest file the shop takes as a PDF: its signature. */
const TINY_PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

const exemptionBody = {
  region: 'NY',
  certificateNumber: 'ST-120-MATRIX',
  expiresOn: '2099-12-31',
  file: '/uploads/0123456789abcdef01234567.pdf',
};

export const authorizationMatrix: readonly MatrixRow[] = [
  // Catalogue
  row(catalog.list, { expect: everyone(200), request: () => ({}) }),
  row(catalog.get, {
    expect: everyone(200),
    request: (kit) => ({ params: { id: kit.productId } }),
  }),
  row(catalog.create, { expect: adminOnly(201), request: () => ({ payload: productBody }) }),
  row(catalog.update, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.freshProduct() }, payload: { price: 41 } }),
  }),
  row(catalog.remove, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.freshProduct() } }),
  }),
  row(catalog.search, { expect: everyone(200), request: () => ({ query: { q: 'drive' } }) }),
  row(catalog.upload, {
    expect: adminOnly(201),
    request: () => {
      const { payload, headers } = multipartFile('file', 'dot.png', 'image/png', ONE_PIXEL_PNG);
      return { payload, headers };
    },
  }),
  row(catalog.exportCsv, { expect: adminOnly(200), request: () => ({}) }),
  row(catalog.importCsv, {
    expect: adminOnly(200),
    request: () => ({ payload: { csv: 'sku,price\nNO-SUCH-SKU,1\n', dryRun: true } }),
  }),

  // Reviews and newsletter
  row(reviews.list, { expect: everyone(200), request: () => ({}) }),
  row(reviews.create, {
    expect: anyUser(201),
    request: () => ({ payload: { rating: 4, discription: 'Solid parts.' } }),
  }),
  row(reviews.remove, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.freshReview() } }),
  }),
  row(newsletter.subscribe, {
    expect: everyone(201),
    request: (kit) => ({ payload: { email: kit.unusedEmail() } }),
  }),

  // Orders
  row(orders.place, {
    expect: anyUser(201),
    request: (kit) => ({ payload: orderBody(kit.productId) }),
  }),
  row(orders.listOwn, {
    expect: ownerOnly(200),
    request: (kit) => ({ query: { email: kit.customerEmail } }),
  }),
  row(orders.get, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.unpaidOrder() } }),
  }),
  row(orders.recordPayment, {
    expect: ownerOnly(200),
    request: async (kit) => {
      const { orderId, transactionId } = await kit.confirmedPayment();
      return { params: { id: orderId }, payload: { _id: orderId, transactionId } };
    },
  }),
  row(orders.cancel, {
    expect: ownerOnly(200),
    request: async (kit) => ({ params: { id: await kit.unpaidOrder() } }),
  }),
  row(orders.listAll, { expect: adminOnly(200), request: () => ({}) }),
  row(orders.adminList, { expect: adminOnly(200), request: () => ({ query: { page: 1 } }) }),
  row(orders.adminCsv, { expect: adminOnly(200), request: () => ({ query: { status: 'paid' } }) }),
  row(orders.ship, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.paidOrder() } }),
  }),
  row(orders.remove, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.unpaidOrder() } }),
  }),

  // Purchases
  row(purchases.checkout, {
    expect: anyUser(201),
    request: (kit) => ({
      payload: { ...orderBody(kit.productId), lines: [{ productId: kit.productId, quantity: 1 }] },
    }),
  }),
  // Issue 29: what checking out would charge; places nothing.
  row(purchases.preview, {
    expect: anyUser(200),
    request: (kit) => ({
      payload: { ...orderBody(kit.productId), lines: [{ productId: kit.productId, quantity: 1 }] },
    }),
  }),
  row(purchases.listOwn, {
    expect: ownerOnly(200),
    request: (kit) => ({ query: { email: kit.customerEmail } }),
  }),
  row(purchases.get, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.unpaidPurchase() } }),
  }),
  row(purchases.recordPayment, {
    expect: ownerOnly(200),
    request: async (kit) => {
      const { purchaseId, transactionId } = await kit.confirmedPurchasePayment();
      return { params: { id: purchaseId }, payload: { transactionId } };
    },
  }),
  // Only the buyer reaches the rule (a purchase waiting for approval): theirs is unpaid here.
  row(purchases.withdraw, {
    expect: ownerOnly(409),
    request: async (kit) => ({ params: { id: await kit.unpaidPurchase() } }),
  }),
  row(purchases.ship, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.paidPurchase() },
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    }),
  }),
  row(purchases.invoice, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.paidPurchase() } }),
  }),

  // Credit notes (issue 29 item 5): the admin issues; whoever reads the purchase reads them.
  row(creditNotes.create, {
    expect: adminOnly(201),
    request: async (kit) => {
      const { purchaseId, orderId } = await kit.paidPurchaseLine();
      return { params: { id: purchaseId }, payload: { lines: [{ orderId }], reason: 'Matrix' } };
    },
  }),
  row(creditNotes.list, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.paidPurchase() } }),
  }),
  row(creditNotes.pdf, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.creditNote() } }),
  }),
  row(creditNotes.retryRefund, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.creditNote() } }),
  }),

  // Quotes (issue 31): "customer" asked for the quote, "other" is no member of its company; the
  // admin reads, writes in the thread and offers, but acts for no buyer.
  row(quotes.create, {
    expect: anyUser(201),
    request: (kit) => ({ payload: { lines: [{ productId: kit.productId, quantity: 2 }] } }),
  }),
  row(quotes.list, { expect: anyUser(200), request: () => ({}) }),
  row(quotes.get, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.quote() } }),
  }),
  row(quotes.message, {
    expect: ownerOrAdmin(201),
    request: async (kit) => ({
      params: { id: await kit.quote() },
      payload: { text: 'Could you ship in two lots?' },
    }),
  }),
  row(quotes.offer, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.quote() },
      payload: {
        lines: [{ productId: kit.productId, quantity: 5, unitPrice: 19.5 }],
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    }),
  }),
  row(quotes.accept, {
    expect: ownerOnly(200),
    request: async (kit) => ({
      params: { id: await kit.offeredQuote() },
      payload: { number: '+(555) 123-4567', address: '12 Harbour Road, Springfield' },
    }),
  }),
  row(quotes.preview, {
    expect: ownerOnly(200),
    request: async (kit) => ({
      params: { id: await kit.offeredQuote() },
      payload: { number: '+(555) 123-4567', address: '12 Harbour Road, Springfield' },
    }),
  }),
  row(quotes.decline, {
    expect: ownerOnly(200),
    request: async (kit) => ({ params: { id: await kit.quote() } }),
  }),
  row(quotes.pdf, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.offeredQuote() } }),
  }),

  // Companies: "customer" owns the company, "other" is no member of it. The create row comes
  // first: from then on "other" and "admin" own companies of their own (a customer has one).
  row(companies.create, {
    expect: { anonymous: 401, customer: 409, other: 201, admin: 201 },
    request: async (kit) => {
      await kit.company();
      return { payload: { name: 'Matrix Components Ltd' } };
    },
  }),
  row(companies.mine, { expect: anyUser(200), request: () => ({}) }),
  row(companies.spending, { expect: anyUser(200), request: () => ({}) }),
  row(companies.get, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  row(companies.update, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() }, payload: { taxId: 'GB1' } }),
  }),
  row(companies.putMember, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({
      params: { id: await kit.company(), email: kit.unusedEmail() },
      payload: { role: 'buyer', spendingLimit: 500 },
    }),
  }),
  row(companies.removeMember, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({
      params: { id: await kit.company(), email: await kit.invitedEmail() },
    }),
  }),
  // A company with a purchase waiting does not dissolve: its owner and the admin get as far as
  // the 409 (invitations.test.ts dissolves one), anybody else no further than the 403.
  row(companies.dissolve, {
    expect: ownerOrAdmin(409),
    request: async (kit) => {
      await kit.awaitingPurchase();
      return { params: { id: await kit.company() } };
    },
  }),
  row(companies.invitations, { expect: anyUser(200), request: () => ({}) }),
  // Invitations to the customer: they may answer (accepting is a 409 while they own a company);
  // nobody else holds such an invitation.
  row(companies.acceptInvitation, {
    expect: { anonymous: 401, customer: 409, other: 404, admin: 404 },
    request: async (kit) => ({ params: { companyId: await kit.invitingCompany() } }),
  }),
  row(companies.declineInvitation, {
    expect: { anonymous: 401, customer: 200, other: 404, admin: 404 },
    request: async (kit) => ({ params: { companyId: await kit.invitingCompany() } }),
  }),
  row(companies.purchases, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  // Whoever owns or approves for a company: by now every caller owns one.
  row(companies.approvals, { expect: anyUser(200), request: () => ({}) }),
  row(companies.approve, {
    expect: ownerOnly(200),
    request: async (kit) => ({ params: { id: await kit.awaitingPurchase() } }),
  }),
  row(companies.reject, {
    expect: ownerOnly(200),
    request: async (kit) => ({ params: { id: await kit.awaitingPurchase() } }),
  }),
  row(companies.adminCreate, {
    expect: adminOnly(201),
    request: (kit) => ({
      payload: { name: 'Matrix Opened Ltd', ownerEmail: kit.unusedEmail() },
    }),
  }),
  row(companies.list, { expect: adminOnly(200), request: () => ({ query: { q: 'matrix' } }) }),
  // Pay on account (issue 30): the admin sets the terms; the owner reads the account.
  row(companies.putTerms, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.company() },
      payload: { paymentTerms: 'net30', creditLimit: 50000, onHold: false },
    }),
  }),
  row(companies.account, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() }, query: { limit: 10 } }),
  }),
  row(companies.invoices, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() }, query: { status: 'open' } }),
  }),
  row(companies.recordBankPayment, {
    expect: adminOnly(201),
    request: async (kit) => ({
      params: { id: await kit.company() },
      payload: { amount: 100, reference: 'Matrix transfer', receivedOn: '2026-11-27' },
    }),
  }),
  row(companies.receivables, { expect: adminOnly(200), request: () => ({}) }),
  row(companies.receivablesCsv, { expect: adminOnly(200), request: () => ({}) }),
  row(companies.statement, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  row(companies.payInvoices, {
    expect: ownerOrAdmin(200),
    request: async (kit) => {
      const { companyId, transactionId } = await kit.confirmedInvoicePayment();
      return { params: { id: companyId }, payload: { transactionId } };
    },
  }),
  row(companies.prices, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  row(companies.putPrice, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.company(), productId: kit.productId },
      payload: { price: 20 },
    }),
  }),
  row(companies.removePrice, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.company(), productId: kit.productId } }),
  }),
  // Ship-to locations (issue 29) of the company the customer owns.
  row(locations.list, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  row(locations.create, {
    expect: ownerOrAdmin(201),
    request: async (kit) => ({
      params: { id: await kit.company() },
      payload: { name: 'Matrix warehouse', address: matrixAddress },
    }),
  }),
  row(locations.update, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({
      params: { id: await kit.company(), locationId: await kit.location() },
      payload: { name: 'Matrix dock' },
    }),
  }),
  row(locations.remove, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({
      params: { id: await kit.company(), locationId: await kit.location() },
    }),
  }),
  row(companies.importPrices, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.company() },
      payload: { csv: 'sku,price\n', dryRun: true },
    }),
  }),

  // Tax
  row(tax.rates, { expect: adminOnly(200), request: () => ({}) }),
  row(tax.replaceRates, {
    expect: adminOnly(200),
    request: () => ({ payload: { rates: [{ region: 'CA', rate: 0.0725 }] } }),
  }),
  row(tax.uploadCertificate, {
    expect: anyUser(201),
    request: () => {
      const { payload, headers } = multipartFile('file', 'cert.pdf', 'application/pdf', TINY_PDF);
      return { payload, headers };
    },
  }),
  // Only the company's owner sends certificates; an admin reads and reviews them.
  row(tax.createExemption, {
    expect: ownerOnly(201),
    request: async (kit) => ({ params: { id: await kit.company() }, payload: exemptionBody }),
  }),
  row(tax.listExemptions, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.company() } }),
  }),
  row(tax.adminExemptions, {
    expect: adminOnly(200),
    request: () => ({ query: { status: 'pending' } }),
  }),
  row(tax.reviewExemption, {
    expect: adminOnly(200),
    request: async (kit) => ({
      params: { id: await kit.pendingExemption() },
      payload: { status: 'approved' },
    }),
  }),

  // Payments
  row(payments.createIntent, {
    expect: ownerOnly(200),
    request: async (kit) => ({ payload: { orderId: await kit.unpaidOrder(), price: 1 } }),
  }),
  // Whoever holds the client secret (the Stripe.js stand-in).
  row(payments.sandboxConfirm, {
    expect: everyone(200),
    request: async (kit) => ({
      payload: { clientSecret: await kit.clientSecret(), card: sandboxCard, billingDetails: {} },
    }),
  }),
  // Stripe's signature, no shop token.
  row(payments.stripeWebhook, {
    expect: everyone(200),
    request: async (kit) => {
      const { payload, signature } = await kit.signedWebhook();
      return {
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
  }),

  // Identity, profile and users
  row(identity.issueToken, {
    expect: ownerOnly(200),
    request: (kit) => ({
      params: { email: kit.customerEmail },
      payload: { email: kit.customerEmail },
    }),
  }),
  row(identity.adminStatus, {
    expect: ownerOrAdmin(200),
    request: (kit) => ({ params: { email: kit.customerEmail } }),
  }),
  row(profile.get, {
    expect: ownerOnly(200),
    request: (kit) => ({ params: { email: kit.customerEmail } }),
  }),
  row(profile.save, {
    expect: ownerOnly(200),
    request: (kit) => ({ params: { email: kit.customerEmail }, payload: profileBody }),
  }),
  row(users.list, { expect: adminOnly(200), request: () => ({}) }),
  row(users.page, { expect: adminOnly(200), request: () => ({ query: { page: 1 } }) }),
  row(users.promote, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { email: await kit.bystanderEmail() }, payload: {} }),
  }),
  // A bystander who is no admin: demoting changes nothing and answers the user.
  row(users.demote, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { email: await kit.bystanderEmail() } }),
  }),
  // Not themselves, not the last admin: a bystander.
  row(users.remove, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { email: await kit.bystanderEmail() } }),
  }),

  row(audit.list, { expect: adminOnly(200), request: () => ({ query: { page: 1, limit: 10 } }) }),
  // The job system's failures (issue 32 item 4).
  row(api.jobs.list, { expect: adminOnly(200), request: () => ({ query: { state: 'failed' } }) }),
  row(api.jobs.retry, {
    expect: adminOnly(200),
    request: async (kit) => ({ params: { id: await kit.failedJob() } }),
  }),
  row(stats.overview, {
    expect: adminOnly(200),
    request: () => ({ query: { from: '2026-01-01', to: '2026-01-31', interval: 'week' } }),
  }),
  row(stats.csv, { expect: adminOnly(200), request: () => ({ query: {} }) }),

  // Public settings, operations and this API's documentation
  row(shipping.options, {
    expect: everyone(200),
    request: () => ({ query: { country: 'US', weight: '2.5', subtotal: '120' } }),
  }),
  row(shipping.list, { expect: adminOnly(200), request: () => ({}) }),
  row(shipping.replace, {
    expect: adminOnly(200),
    request: () => ({
      payload: {
        methods: [
          {
            name: 'Matrix Ground',
            carrier: 'UPS',
            countries: ['US'],
            flatPrice: 9.5,
            daysMin: 1,
            daysMax: 5,
          },
        ],
      },
    }),
  }),

  row(settings.config, { expect: everyone(200), request: () => ({}) }),
  row(settings.health, { expect: everyone(200), request: () => ({}) }),
  row(docs.openapi, { expect: everyone(200), request: () => ({}) }),
  row(docs.page, { expect: everyone(200), request: () => ({}) }),
  row(docs.stylesheet, { expect: everyone(200), request: () => ({}) }),
  row(docs.script, { expect: everyone(200), request: () => ({ params: { script: 'init.js' } }) }),
  // API keys (issue 32): by now "customer" and "other" each own a company, whose keys they make
  // and see; an admin makes the shop's and sees every key.
  row(api.apiKeys.create, {
    expect: { anonymous: 401, customer: 201, other: 201, admin: 201 },
    request: async (kit) => {
      await kit.company();
      return { payload: { name: 'Matrix ERP', scopes: ['catalog:read'] } };
    },
  }),
  row(api.apiKeys.list, { expect: anyUser(200), request: () => ({}) }),
  row(api.apiKeys.revoke, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: await kit.apiKey() } }),
  }),
  // Webhooks (issue 32): as API keys, an owner's company's and an admin's.
  row(api.webhooks.create, {
    expect: { anonymous: 401, customer: 201, other: 201, admin: 201 },
    request: async (kit) => {
      await kit.company();
      return {
        payload: { url: 'http://127.0.0.1:9/matrix-hook', events: ['purchase.created'] },
      };
    },
  }),
  row(api.webhooks.list, { expect: anyUser(200), request: () => ({}) }),
  row(api.webhooks.deliveries, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: (await kit.webhook()).id } }),
  }),
  row(api.webhooks.resend, {
    expect: ownerOrAdmin(200),
    request: async (kit) => {
      const { id, deliveryId } = await kit.webhook();
      return { params: { id, deliveryId } };
    },
  }),
  row(api.webhooks.remove, {
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ params: { id: (await kit.webhook()).id } }),
  }),
];

/**
 * How a contract's access shows in the statuses: `anyone` refuses nobody, `user` and `session`
 * refuse the anonymous caller with 401, `admin` also refuses a customer with 403. Answers the
 * disagreements, empty when the row and its contract agree.
 */
export function accessDisagreements({ contract, expect }: MatrixRow): string[] {
  const problems: string[] = [];
  const want = (role: Role, status: number) => {
    if (expect[role] !== status) problems.push(`${role} gets ${expect[role]}, not ${status}`);
  };
  switch (contract.access) {
    case 'anyone':
      for (const role of ROLES) {
        if (expect[role] === 401 || expect[role] === 403) problems.push(`${role} is refused`);
      }
      break;
    case 'user':
    case 'session':
      want('anonymous', 401);
      break;
    case 'admin':
      want('anonymous', 401);
      want('customer', 403);
      want('other', 403);
      break;
    case 'stripe':
      break;
  }
  return problems;
}
