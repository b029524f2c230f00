/**
 * Who may call what: every route the API registers (Better Auth's /api/auth/* aside), with the
 * status each kind of caller gets. `authorization-matrix.test.ts` walks the whole table against
 * the real app and fails when the app registers a route this table does not name, or the table
 * names one the app does not register.
 *
 * "customer" owns the resource a row names (their order, their profile, their email); "other"
 * is another customer asking for that same resource. Each caller sends its shop token and its
 * Better Auth session cookie; "anonymous" sends neither.
 */

export const ROLES = ['anonymous', 'customer', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** The client secret of a new payment intent of a new order of the customer. */
  clientSecret(): Promise<string>;
  /** A `payment_intent.succeeded` event for a new order of the customer, signed as Stripe signs. */
  signedWebhook(): Promise<{ payload: string; signature: string }>;
  /** A new account (shop user and identity) nobody else uses: to promote or remove. */
  bystanderEmail(): Promise<string>;
  /** An email no one has used yet. */
  unusedEmail(): string;
}

export interface MatrixRequest {
  url: string;
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  method: Method;
  /** The route as the app registers it. */
  url: string;
  /** Who may, in DESIGN section 5's words. */
  who: string;
  expect: Record<Role, number>;
  request(kit: MatrixKit): MatrixRequest | Promise<MatrixRequest>;
}

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

const productBody = {
  name: 'Matrix NVMe 2TB',
  img: '/images/products/ssd.svg',
  description: 'A drive made for the authorization matrix.',
  price: 40,
  minimum: 1,
  available: 100,
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
const at = (email: string) => encodeURIComponent(email);

export const authorizationMatrix: readonly MatrixRow[] = [
  // Catalogue
  {
    method: 'GET',
    url: '/api/items',
    who: 'anyone',
    expect: everyone(200),
    request: () => ({ url: '/api/items' }),
  },
  {
    method: 'GET',
    url: '/api/item/:id',
    who: 'anyone',
    expect: everyone(200),
    request: (kit) => ({ url: `/api/item/${kit.productId}` }),
  },
  {
    method: 'POST',
    url: '/api/item',
    who: 'admin',
    expect: adminOnly(201),
    request: () => ({ url: '/api/item', payload: productBody }),
  },
  {
    method: 'PUT',
    url: '/api/item/:id',
    who: 'admin',
    expect: adminOnly(200),
    request: async (kit) => ({
      url: `/api/item/${await kit.freshProduct()}`,
      payload: { price: 41 },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/item/:id',
    who: 'admin',
    expect: adminOnly(200),
    request: async (kit) => ({ url: `/api/item/${await kit.freshProduct()}` }),
  },

  // Reviews and newsletter
  {
    method: 'GET',
    url: '/api/reviews',
    who: 'anyone',
    expect: everyone(200),
    request: () => ({ url: '/api/reviews' }),
  },
  {
    method: 'POST',
    url: '/api/review',
    who: 'any signed-in user',
    expect: anyUser(201),
    request: () => ({ url: '/api/review', payload: { rating: 4, discription: 'Solid parts.' } }),
  },
  {
    method: 'DELETE',
    url: '/api/review/:id',
    who: 'admin (moderation, audited)',
    expect: adminOnly(200),
    request: async (kit) => ({ url: `/api/review/${await kit.freshReview()}` }),
  },
  {
    method: 'POST',
    url: '/api/subscribe',
    who: 'anyone',
    expect: everyone(201),
    request: (kit) => ({ url: '/api/subscribe', payload: { email: kit.unusedEmail() } }),
  },

  // Orders
  {
    method: 'POST',
    url: '/api/order',
    who: 'any signed-in user',
    expect: anyUser(201),
    request: (kit) => ({ url: '/api/order', payload: orderBody(kit.productId) }),
  },
  {
    method: 'GET',
    url: '/api/orders',
    who: 'bearer, self only (?email= names the customer)',
    expect: ownerOnly(200),
    request: (kit) => ({ url: `/api/orders?email=${at(kit.customerEmail)}` }),
  },
  {
    method: 'GET',
    url: '/api/order/:id',
    who: 'owner or admin',
    expect: ownerOrAdmin(200),
    request: async (kit) => ({ url: `/api/order/${await kit.unpaidOrder()}` }),
  },
  {
    method: 'PUT',
    url: '/api/order/:id',
    who: 'owner (records a payment that went through)',
    expect: ownerOnly(200),
    request: async (kit) => {
      const { orderId, transactionId } = await kit.confirmedPayment();
      return { url: `/api/order/${orderId}`, payload: { _id: orderId, transactionId } };
    },
  },
  {
    method: 'DELETE',
    url: '/api/order/:id',
    who: 'owner, unpaid only',
    expect: ownerOnly(200),
    request: async (kit) => ({ url: `/api/order/${await kit.unpaidOrder()}` }),
  },
  {
    method: 'GET',
    url: '/api/allorders',
    who: 'admin',
    expect: adminOnly(200),
    request: () => ({ url: '/api/allorders' }),
  },
  {
    method: 'PUT',
    url: '/api/shipping/:id',
    who: 'admin, paid orders only',
    expect: adminOnly(200),
    request: async (kit) => ({ url: `/api/shipping/${await kit.paidOrder()}` }),
  },
  {
    method: 'DELETE',
    url: '/api/delete/:id',
    who: 'admin, unpaid only',
    expect: adminOnly(200),
    request: async (kit) => ({ url: `/api/delete/${await kit.unpaidOrder()}` }),
  },

  // Payments
  {
    method: 'POST',
    url: '/api/create-payment-intent',
    who: 'owner of the order',
    expect: ownerOnly(200),
    request: async (kit) => ({
      url: '/api/create-payment-intent',
      payload: { orderId: await kit.unpaidOrder(), price: 1 },
    }),
  },
  {
    method: 'POST',
    url: '/api/sandbox/payment-intents/confirm',
    who: 'whoever holds the client secret (Stripe.js stand-in)',
    expect: everyone(200),
    request: async (kit) => ({
      url: '/api/sandbox/payment-intents/confirm',
      payload: { clientSecret: await kit.clientSecret(), card: sandboxCard, billingDetails: {} },
    }),
  },
  {
    method: 'POST',
    url: '/api/webhooks/stripe',
    who: 'Stripe signature (no shop token)',
    expect: everyone(200),
    request: async (kit) => {
      const { payload, signature } = await kit.signedWebhook();
      return {
        url: '/api/webhooks/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
  },

  // Identity, profile and users
  {
    method: 'PUT',
    url: '/api/user/:email',
    who: 'Better Auth session of that email',
    expect: ownerOnly(200),
    request: (kit) => ({
      url: `/api/user/${at(kit.customerEmail)}`,
      payload: { email: kit.customerEmail },
    }),
  },
  {
    method: 'GET',
    url: '/api/admin/:email',
    who: 'bearer, self or admin',
    expect: ownerOrAdmin(200),
    request: (kit) => ({ url: `/api/admin/${at(kit.customerEmail)}` }),
  },
  {
    method: 'GET',
    url: '/api/userinfo/:email',
    who: 'self',
    expect: ownerOnly(200),
    request: (kit) => ({ url: `/api/userinfo/${at(kit.customerEmail)}` }),
  },
  {
    method: 'PUT',
    url: '/api/userinfo/:email',
    who: 'self',
    expect: ownerOnly(200),
    request: (kit) => ({ url: `/api/userinfo/${at(kit.customerEmail)}`, payload: profileBody }),
  },
  {
    method: 'GET',
    url: '/api/users',
    who: 'admin',
    expect: adminOnly(200),
    request: () => ({ url: '/api/users' }),
  },
  {
    method: 'PUT',
    url: '/api/user/admin/:email',
    who: 'admin',
    expect: adminOnly(200),
    request: async (kit) => ({
      url: `/api/user/admin/${at(await kit.bystanderEmail())}`,
      payload: {},
    }),
  },
  {
    method: 'DELETE',
    url: '/api/user/:email',
    who: 'admin (not themselves, not the last admin)',
    expect: adminOnly(200),
    request: async (kit) => ({ url: `/api/user/${at(await kit.bystanderEmail())}` }),
  },

  {
    method: 'GET',
    url: '/api/admin/audit',
    who: 'admin',
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/audit?page=1&limit=10' }),
  },

  // Public settings and operations
  {
    method: 'GET',
    url: '/api/config',
    who: 'anyone',
    expect: everyone(200),
    request: () => ({ url: '/api/config' }),
  },
  {
    method: 'GET',
    url: '/api/health',
    who: 'anyone',
    expect: everyone(200),
    request: () => ({ url: '/api/health' }),
  },
];
