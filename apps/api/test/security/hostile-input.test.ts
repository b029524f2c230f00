import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  api,
  API_PREFIX,
  apiPath,
  CATALOG_IMPORT_CHARS_MAX,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  idempotencyMessages,
  pathParams,
  PRICE_IMPORT_CHARS_MAX,
  routerPath,
  type EndpointSpec,
} from '@shop/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../src/test-support/accounts.js';
import {
  buildTestApp,
  testDatabases,
  type TestApp,
} from '../../src/test-support/build-test-app.js';
import { csvImportBodyLimit } from '../../src/http/csv.js';
import { dbSnapshot, type DbSnapshot } from '../../src/test-support/db-snapshot.js';
import {
  badEmail,
  badId,
  badMoney,
  badInt,
  badLine,
  badText,
  contentTypes,
  hostileEmailSegment,
  hostileIdSegment,
  hostileString,
  hostileValue,
  lineBreaks,
  long,
  malformedJson,
  markup,
  sqlFragments,
} from '../../src/test-support/hostile-values.js';
import {
  addProduct,
  orderTestEnv,
  placeOrder,
  signedIntentEvent,
  WEBHOOK_SECRET,
} from '../../src/test-support/shop.js';
import { authorizationMatrix } from '../../src/test-support/authorization-matrix.js';
import { inject, injectUnchecked, rawPathOf } from '../../src/test-support/inject.js';

/** Generated inputs per endpoint, on top of every listed bad value in every field. */
const RUNS_PER_ENDPOINT = 40;

type Caller = 'anonymous' | 'customer' | 'admin' | 'session';

interface Fixtures {
  customerEmail: string;
  productId: string;
  /** An unpaid order of the customer. */
  orderId: string;
  /** The purchase of that order. */
  purchaseId: string;
  /** The company the customer owns. */
  companyId: string;
}

interface HostileRequest {
  url: string;
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
}

/**
 * A write endpoint and how to reach it with valid credentials, so the input alone is on trial.
 * `params` and `body` are a valid call of the contract; `poison` lists, per field (dot path),
 * values it must refuse. `at` puts a hostile id or email, as raw bytes of the address, where the
 * contract's path names one.
 */
interface WriteEndpoint {
  contract: EndpointSpec;
  as: Caller;
  params?(f: Fixtures): Record<string, string>;
  body?(f: Fixtures): Record<string, unknown>;
  poison?: Record<string, unknown[]>;
  /**
   * Fields the generated requests leave as `body` has them unless poisoning that very field:
   * a value there would make a refused request a valid one of another kind (a dry run reports
   * bad rows with 200 instead of refusing them).
   */
  keep?: string[];
  at?: fc.Arbitrary<string>;
  extra?: fc.Arbitrary<HostileRequest>;
}

/** A contract's route as the app registers it and the authorization matrix names it. */
const routeOf = ({ method, path }: EndpointSpec) => `${method} ${API_PREFIX}${routerPath(path)}`;

/** The address of a valid call. */
const validUrl = (endpoint: WriteEndpoint, f: Fixtures) =>
  apiPath(endpoint.contract, { params: endpoint.params?.(f) });

/** The address with `segment` in place of the contract's one parameter, not percent-encoded. */
const urlAt = ({ contract }: WriteEndpoint, segment: string) => {
  const [name] = pathParams(contract.path);
  if (!name) throw new Error(`${routeOf(contract)} names nothing in its address.`);
  return rawPathOf(contract, { [name]: segment });
};

const text = badText;
/** A field of one line also refuses tabs and line breaks (issue 27). */
const line = badLine;

/** A line id named twice in one shipment. */
const lineId = randomUUID();

/** Part two's catalogue fields (DESIGN section 8), each with values the rules refuse. */
const catalogueFields = {
  sku: ['', 'AB', 'CPU 32', 'CPU_32', 'X'.repeat(33), '<b>', null, 1],
  category: ['', 'Not A Slug', '-x', 'a--b', 'c'.repeat(41), null, 1],
  increment: badInt(1),
  maximum: [0, -1, 1.5, '5', 2 ** 31],
  lowStockThreshold: badInt(0),
  priceTiers: [
    'cheap',
    [{}],
    [{ minQuantity: 1, price: 5 }],
    [{ minQuantity: 100, price: 1.505 }],
    [{ minQuantity: 100, price: 100 }],
    [{ minQuantity: 100, price: -1 }],
    Array.from({ length: 11 }, (_, i) => ({ minQuantity: 100 + i, price: 20 - i })),
  ],
  specs: [
    'specs',
    [{ label: '', value: 'x' }],
    [{ label: 'x' }],
    [{ label: 'L\u0000', value: 'v' }],
    [{ label: 'Range', value: '-40\n+85' }],
    [{ label: 'Tab\tbed', value: 'v' }],
    Array.from({ length: 31 }, () => ({ label: 'a', value: 'b' })),
  ],
};
const idOfNothing = () => ({ id: randomUUID() });
/** A valid shipping method: the PUT's poisoned lists each hold a broken copy of it. */
const shippingMethod = {
  name: 'Hostile Ground',
  carrier: 'UPS',
  countries: ['US', 'CA'],
  flatPrice: 9.5,
  freeAbove: 250,
  daysMin: 1,
  daysMax: 5,
};
const nobody = () => `nobody${randomUUID().slice(0, 8)}@example.com`;

/** Bodies Stripe never signed: no signature, a forged one, another body's, an old one. */
const unsignedWebhooks: fc.Arbitrary<HostileRequest> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...malformedJson),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    ),
    fc.oneof(
      fc.constant(undefined),
      hostileString,
      fc.constant('wrong-secret'),
      fc.constant('other-body'),
      fc.constant('too-old'),
    ),
  )
  .map(([payload, signature]) => {
    const event = signedIntentEvent({ id: 'pi_forged', amount: 100, orderId: randomUUID() });
    const signed = (secret: string, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const header =
      signature === 'wrong-secret'
        ? signed('whsec_not_the_shops')
        : signature === 'other-body'
          ? event.signature
          : signature === 'too-old'
            ? signed(WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)
            : signature;
    return {
      url: apiPath(api.payments.stripeWebhook),
      payload,
      headers: {
        'content-type': 'application/json',
        ...(header === undefined ? {} : { 'stripe-signature': header.replace(/[\r\n]/g, ' ') }),
      },
    };
  });

const companyFields = {
  name: [...line, '', long('C', 121)],
  taxId: [long('T', 33), 'GB\u0000', 1, [], ...lineBreaks],
  billingAddress: ['<>', 'x\u0000y', 1, [], ...lineBreaks],
  shippingAddress: ['<>', 'x\u0000y', 1, [], ...lineBreaks],
};

/** A valid structured address (issue 29) and, per field, values the address rules refuse. */
const goodAddress = {
  name: 'Jane Doe',
  company: 'Cora Components Ltd',
  line1: '500 Howard Street',
  line2: 'Suite 4',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94107',
  country: 'US',
};
const addressFields = {
  'address.name': [...line, '', long('N', 121), ...markup],
  'address.company': [long('C', 121), 'Acme\u0000', 1, [], ...lineBreaks, ...markup],
  'address.line1': [
    ...line,
    '',
    long('L', 121),
    ...markup,
    ...sqlFragments.filter((v) => /[<>;"=]/.test(v)),
  ],
  'address.line2': [long('L', 121), 'x\u0000', 1, ...lineBreaks],
  'address.city': [...line, '', long('C', 81)],
  'address.region': ['', 'XX', 'California', null, 1, 'C\nA'],
  'address.postalCode': ['', '9410', '941077', 'ABCDE', '94\n107', long('9', 40), null, 1],
  'address.country': ['', 'USA', 'XX', 'us1', null, 1, ['US']],
  address: [null, 'somewhere', 1, [], {}],
};

/** A valid checkout (and checkout preview) body, and the values both refuse. */
const checkoutBody = (f: Fixtures) => ({
  lines: [{ productId: f.productId, quantity: 1 }],
  number: '+(555) 123-4567',
  address: '12 Harbour Road, Springfield',
  poNumber: 'PO-1',
  company: 'Acme',
  taxId: 'GB123456789',
});
const checkoutPoison = {
  lines: [
    [],
    null,
    'lines',
    {},
    [{}],
    [{ productId: 'x', quantity: 1 }],
    [{ productId: randomUUID(), quantity: 1 }],
    [{ productId: randomUUID(), quantity: 1.5 }],
    [{ productId: randomUUID(), quantity: -1 }],
    [{ productId: randomUUID(), quantity: '1' }],
  ],
  number: ['', '123', ...markup, '555\u0000123\u00004567', '555\n123\t4567', long('5'), null],
  address: ['', 'ab', ...markup, 'Road\u0000', ...lineBreaks, long('a'), null, 1],
  poNumber: [long('P', 36), 'PO\u0000', 1, {}, ...lineBreaks],
  company: [long('C', 121), 'Acme\u0000', 1, [], ...lineBreaks],
  taxId: [long('T', 33), 'GB\u0000', 1, ...lineBreaks],
  // Issue 29: a location of no company of the buyer's (404), or a bad structured address.
  locationId: ['x', 1, null, randomUUID()],
  shipTo: [null, 'somewhere', 1, {}, { ...goodAddress, postalCode: '1234' }],
  // Issue 29: a method that is no id, or none the shop has.
  shippingMethod: ['x', 1, null, randomUUID()],
};

const writeEndpoints: WriteEndpoint[] = [
  // Ship-to locations (issue 29): the customer owns f.companyId.
  {
    contract: api.locations.create,
    as: 'customer',
    params: (f) => ({ id: f.companyId }),
    body: () => ({ name: 'Main warehouse', address: goodAddress }),
    poison: {
      name: [...line, '', long('W', 81)],
      ...addressFields,
      // An owner may not exempt their own company from tax (403), nor send a non-boolean.
      taxExempt: [true, false, 'yes', 1, null],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.locations.update,
    as: 'customer',
    params: (f) => ({ id: f.companyId, locationId: randomUUID() }),
    body: () => ({ name: 'Main warehouse', address: goodAddress }),
    poison: { name: [...line, '', long('W', 81)], ...addressFields, taxExempt: ['yes', 1] },
    at: hostileIdSegment,
  },
  {
    contract: api.locations.remove,
    as: 'customer',
    params: (f) => ({ id: f.companyId, locationId: randomUUID() }),
    at: hostileIdSegment,
  },
  // Companies (issue 15). The customer owns f.companyId, so a good POST /companies is a 409.
  {
    contract: api.companies.create,
    as: 'customer',
    body: () => ({ name: 'Second Components Ltd' }),
    poison: companyFields,
  },
  {
    contract: api.companies.adminCreate,
    as: 'admin',
    body: () => ({ name: 'Opened Components Ltd', ownerEmail: nobody() }),
    poison: { ...companyFields, ownerEmail: badEmail },
  },
  {
    contract: api.companies.update,
    as: 'customer',
    params: (f) => ({ id: f.companyId }),
    body: () => ({ name: 'Cora Components Ltd' }),
    poison: companyFields,
    at: hostileIdSegment,
  },
  {
    contract: api.companies.putMember,
    as: 'customer',
    params: (f) => ({ id: f.companyId, email: nobody() }),
    body: () => ({ role: 'buyer', spendingLimit: 100 }),
    poison: {
      role: ['boss', '', null, 1, ['buyer']],
      spendingLimit: badMoney.filter((value) => value !== null),
    },
    at: hostileIdSegment,
  },
  {
    contract: api.companies.removeMember,
    as: 'customer',
    params: (f) => ({ id: f.companyId, email: nobody() }),
    at: hostileIdSegment,
  },
  // Issue 27: no company of that id, no invitation from it; the address is on trial.
  {
    contract: api.companies.dissolve,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.companies.acceptInvitation,
    as: 'customer',
    params: () => ({ companyId: randomUUID() }),
    at: hostileIdSegment,
  },
  {
    contract: api.companies.declineInvitation,
    as: 'customer',
    params: () => ({ companyId: randomUUID() }),
    at: hostileIdSegment,
  },
  {
    contract: api.companies.approve,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.companies.reject,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.purchases.withdraw,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.companies.putPrice,
    as: 'admin',
    params: (f) => ({ id: f.companyId, productId: randomUUID() }),
    body: () => ({ price: 10 }),
    poison: { price: badMoney },
    at: hostileIdSegment,
  },
  {
    contract: api.companies.removePrice,
    as: 'admin',
    params: (f) => ({ id: randomUUID(), productId: f.productId }),
    at: hostileIdSegment,
  },
  // Pay on account (issue 30): all three fields every time; a refused body changes nothing.
  {
    contract: api.companies.putTerms,
    as: 'admin',
    params: (f) => ({ id: f.companyId }),
    body: () => ({ paymentTerms: 'net30', creditLimit: 50000, onHold: false }),
    poison: {
      paymentTerms: ['', 'net', 'net90', 'NET30', 'net 30', null, 30, ['net30']],
      creditLimit: badMoney.filter((value) => value !== null),
      onHold: ['yes', 'true', 1, 0, null, []],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.companies.recordBankPayment,
    as: 'admin',
    params: (f) => ({ id: f.companyId }),
    body: () => ({ amount: 100, reference: 'Hostile transfer', receivedOn: '2026-11-27' }),
    poison: {
      amount: [...badMoney.filter((value) => value !== null), 0, null],
      reference: ['', ' ', 'a'.repeat(101), 'two\nlines', null, 7],
      receivedOn: ['', '2026-13-01', '27/11/2026', '1999-12-31', '2101-01-01', null, 20261127],
      invoiceIds: [[], ['not-an-id'], null, 'x', [randomUUID(), 'x']],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.companies.importPrices,
    as: 'admin',
    params: (f) => ({ id: f.companyId }),
    body: (f) => ({ csv: `sku,price\nNO-SUCH-PART,${f.productId.length}\n`, dryRun: false }),
    poison: {
      csv: [null, 1, [], long('x', PRICE_IMPORT_CHARS_MAX + 1)],
      dryRun: ['yes', 1, null, []],
    },
    at: hostileIdSegment,
  },
  // Tax (issue 29): the rate table is replaced whole, so a refused request must leave it as it was.
  {
    contract: api.tax.replaceRates,
    as: 'admin',
    body: () => ({ rates: [{ region: 'CA', rate: 0.0725 }] }),
    poison: {
      rates: [
        'CA,0.0725',
        [{ region: 'ZZ', rate: 0.05 }],
        [{ region: 'CA', rate: 1 }],
        [{ region: 'CA', rate: -0.01 }],
        [{ region: 'CA', rate: 0.1234567 }],
        [{ region: 'CA', rate: '0.07' }],
        [
          { region: 'CA', rate: 0.07 },
          { region: 'ca', rate: 0.08 },
        ],
        Array.from({ length: 52 }, () => ({ region: 'CA', rate: 0.01 })),
        [{ region: 'C\u0000A', rate: 0.05 }],
        null,
        1,
        {},
      ],
      csv: ['region,rate\nCA,7.25\n', 'region,rate\nXX,0.05\n', 'CA;0.05;1\n', long('x', 10_001)],
    },
  },
  {
    contract: api.tax.uploadCertificate,
    as: 'customer',
    // Anything but a multipart PDF or scan: JSON, text, a script, is refused before it is stored.
    body: () => ({ file: 'JVBERi0xLjQ=' }),
    poison: { file: text },
  },
  {
    contract: api.tax.createExemption,
    as: 'customer',
    params: (f) => ({ id: f.companyId }),
    body: () => ({
      region: 'NY',
      certificateNumber: 'ST-120-7781',
      expiresOn: '2099-12-31',
      file: '/uploads/0123456789abcdef01234567.pdf',
    }),
    poison: {
      region: ['ZZ', 'California', '', null, 1, ['CA']],
      certificateNumber: [...line, '', long('N', 65), null, 1],
      expiresOn: ['2026-02-30', '1999-12-31', '2101-01-01', 'tomorrow', '2020-01-01', null, 1],
      file: [
        'javascript:alert(1)',
        'https://evil.example/0123456789abcdef01234567.pdf',
        '/uploads/../secret.pdf',
        '/uploads/0123456789abcdef01234567.exe',
        '',
        null,
        1,
      ],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.tax.reviewExemption,
    as: 'admin',
    params: idOfNothing,
    body: () => ({ status: 'refused', reason: 'Signature missing' }),
    poison: {
      status: ['maybe', 'pending', '', null, 1],
      reason: [...line, '', long('r', 501), null, 1],
    },
    at: hostileIdSegment,
  },
  // Shipping methods (decision 036): the whole list in one body, each method checked.
  {
    contract: api.shipping.replace,
    as: 'admin',
    body: () => ({ methods: [shippingMethod] }),
    poison: {
      methods: [
        'all',
        null,
        {},
        [null],
        [{}],
        [{ ...shippingMethod, countries: ['XX'] }],
        [{ ...shippingMethod, countries: 'US' }],
        [{ ...shippingMethod, countries: [] }],
        [{ ...shippingMethod, flatPrice: -1 }],
        [{ ...shippingMethod, flatPrice: 1.005 }],
        [{ ...shippingMethod, weightBands: [{ upToKg: 5, price: 9 }] }],
        [{ ...shippingMethod, flatPrice: null }],
        [
          {
            ...shippingMethod,
            flatPrice: null,
            weightBands: [
              { upToKg: 5, price: 9 },
              { upToKg: 2, price: 12 },
            ],
          },
        ],
        [{ ...shippingMethod, flatPrice: null, weightBands: [{ upToKg: 0, price: 9 }] }],
        [{ ...shippingMethod, name: 'Ground\u0000' }],
        [{ ...shippingMethod, name: 'Two\nlines' }],
        [{ ...shippingMethod, carrier: long('C', 61) }],
        [{ ...shippingMethod, daysMin: 5, daysMax: 1 }],
        [{ ...shippingMethod, daysMax: 1.5 }],
        [{ ...shippingMethod, freeAbove: -5 }],
        [{ ...shippingMethod, _id: 'not-an-id' }],
        [{ ...shippingMethod, _id: randomUUID() }],
        [shippingMethod, shippingMethod],
        Array.from({ length: 101 }, (_, n) => ({ ...shippingMethod, name: `Method ${n}` })),
      ],
    },
  },
  {
    contract: api.newsletter.subscribe,
    as: 'anonymous',
    body: () => ({ email: nobody() }),
    poison: { email: badEmail },
  },
  {
    contract: api.orders.place,
    as: 'customer',
    body: (f) => ({
      productId: f.productId,
      quantity: 1,
      number: '+(555) 123-4567',
      address: '12 Harbour Road, Springfield',
    }),
    poison: {
      productId: badId,
      quantity: badInt(1),
      number: [
        '',
        '123',
        ...markup,
        ...sqlFragments,
        '555\u0000123\u00004567',
        '555\t123\n4567',
        '555\r\n123 4567',
        long('5'),
        null,
        5551234567,
      ],
      address: [
        '',
        'ab',
        ...markup,
        "'; DROP TABLE orders; --",
        'Road\u0000',
        ...lineBreaks,
        long('a'),
        null,
        1,
      ],
    },
  },
  // Checkout, and (issue 29) its preview: the same body priced, nothing placed.
  ...[api.purchases.checkout, api.purchases.preview].map((contract): WriteEndpoint => ({
    contract,
    as: 'customer',
    body: checkoutBody,
    poison: checkoutPoison,
  })),
  {
    contract: api.purchases.recordPayment,
    as: 'customer',
    params: (f) => ({ id: f.purchaseId }),
    body: () => ({ transactionId: 'pi_NothingPaidThis' }),
    poison: { transactionId: text },
    at: hostileIdSegment,
  },
  {
    // The customer's purchase is unpaid: a valid body is refused with 409, so no try ships it.
    contract: api.purchases.ship,
    as: 'admin',
    params: (f) => ({ id: f.purchaseId }),
    body: (f) => ({
      carrier: 'UPS',
      trackingNumber: '1Z999',
      lines: [{ orderId: f.orderId, quantity: 1 }],
    }),
    poison: {
      carrier: [long('C', 101), 'UPS\u0000', 1, ...lineBreaks],
      trackingNumber: [long('T', 101), '1Z\u0000', 1, ...lineBreaks],
      lines: [
        [],
        'all',
        1,
        {},
        [null],
        [{}],
        ...badId.map((orderId) => [{ orderId }]),
        ...[0, -1, 1.5, '1', 'NaN', null, {}, 1e308, 2 ** 31].map((quantity) => [
          { orderId: randomUUID(), quantity },
        ]),
        [{ orderId: lineId }, { orderId: lineId }],
      ],
    },
    at: hostileIdSegment,
  },
  {
    // The customer's purchase is unpaid: a valid body is refused with 409, so no try credits it.
    contract: api.creditNotes.create,
    as: 'admin',
    params: (f) => ({ id: f.purchaseId }),
    body: (f) => ({ lines: [{ orderId: f.orderId, quantity: 1 }], reason: 'Damaged' }),
    poison: {
      reason: ['', ' ', long('R', 501), 'x\u0000y', 1, null],
      shipping: ['yes', 1, null],
      restock: ['no', 0, {}],
      lines: [
        [],
        'all',
        1,
        {},
        [null],
        [{}],
        ...badId.map((orderId) => [{ orderId }]),
        ...[0, -1, 1.5, '1', 'NaN', null, {}, 1e308, 2 ** 31].map((quantity) => [
          { orderId: randomUUID(), quantity },
        ]),
        [{ orderId: lineId }, { orderId: lineId }],
      ],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.creditNotes.retryRefund,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  // Quotes (issue 31). A valid request names a product the shop sells; the others name no
  // quote, so even their valid bodies change nothing (404).
  {
    contract: api.quotes.create,
    as: 'customer',
    body: (f) => ({
      lines: [{ productId: f.productId, quantity: 5, targetPrice: 20 }],
      message: 'For a data-centre build.',
    }),
    poison: {
      lines: [
        [],
        null,
        'lines',
        {},
        [{}],
        [{ productId: 'x', quantity: 1 }],
        [{ productId: randomUUID(), quantity: 1 }],
        ...[0, -1, 1.5, '1', null, 2 ** 31].map((quantity) => [
          { productId: randomUUID(), quantity },
        ]),
        ...badMoney.map((targetPrice) => [{ productId: randomUUID(), quantity: 1, targetPrice }]),
        [
          { productId: lineId, quantity: 1 },
          { productId: lineId, quantity: 2 },
        ],
      ],
      message: ['', ' ', long('M', 2001), 'x\u0000y', 1, null, []],
      locationId: ['x', 1, null, randomUUID()],
    },
  },
  {
    contract: api.quotes.message,
    as: 'customer',
    params: idOfNothing,
    body: () => ({ text: 'Can you do better on the drives?' }),
    poison: {
      text: ['', ' ', long('M', 2001), 'x\u0000y', 1, null, {}],
      targetPrices: [
        'cheaper',
        {},
        [{}],
        [{ productId: 'x', targetPrice: 1 }],
        ...badMoney.map((targetPrice) => [{ productId: randomUUID(), targetPrice }]),
        [
          { productId: lineId, targetPrice: 1 },
          { productId: lineId, targetPrice: 2 },
        ],
      ],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.quotes.offer,
    as: 'admin',
    params: idOfNothing,
    body: (f) => ({
      lines: [{ productId: f.productId, quantity: 5, unitPrice: 19.5 }],
      expiresAt: '2099-12-31T17:00:00Z',
      note: 'Valid for this project.',
    }),
    poison: {
      lines: [
        [],
        null,
        [{}],
        [{ productId: 'x', quantity: 1, unitPrice: 1 }],
        [{ productId: randomUUID(), quantity: 1 }],
        ...badMoney.map((unitPrice) => [{ productId: randomUUID(), quantity: 1, unitPrice }]),
        ...[0, -1, 1.5, '1'].map((quantity) => [
          { productId: randomUUID(), quantity, unitPrice: 1 },
        ]),
      ],
      expiresAt: ['', 'tomorrow', '2099-12-31', '2099-13-01T00:00:00Z', 1, null, {}],
      note: ['', long('N', 2001), 'x\u0000y', 1, null],
    },
    at: hostileIdSegment,
  },
  // Accepting, and its preview, take the same body.
  ...[api.quotes.accept, api.quotes.preview].map((contract): WriteEndpoint => ({
    contract,
    as: 'customer',
    params: idOfNothing,
    body: () => ({ number: '+(555) 123-4567', address: '12 Harbour Road, Springfield' }),
    poison: {
      number: ['', '123', ...markup, '555\u0000123', long('5'), null],
      address: ['', 'ab', ...markup, 'Road\u0000', ...lineBreaks, long('a'), null, 1],
      version: [0, -1, 1.5, '1', null, 2 ** 31],
      paymentMethod: ['cash', 1, null],
      poNumber: [long('P', 36), 'PO\u0000', 1, {}, ...lineBreaks],
      shippingMethod: ['x', 1, null],
    },
    at: hostileIdSegment,
  })),
  {
    contract: api.quotes.decline,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  // API keys (issue 32): an admin's, any scope; the revoke names no key, so it changes nothing.
  {
    contract: api.apiKeys.create,
    as: 'admin',
    body: () => ({ name: 'SAP ERP', scopes: ['catalog:read', 'orders:read'] }),
    poison: {
      name: [...line, '', ' ', long('N', 81)],
      scopes: [[], null, 'catalog:read', [1], ['everything'], ['catalog:read', 'catalog:read']],
    },
  },
  {
    contract: api.apiKeys.revoke,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  // Webhooks (issue 32): an admin's subscription; the others name none, so change nothing.
  {
    contract: api.webhooks.create,
    as: 'admin',
    body: () => ({ url: 'https://203.0.113.10/hooks/shop', events: ['purchase.created'] }),
    poison: {
      url: [...line, '', 'ftp://example.com/x', 'https://user:pw@example.com/x', long('u', 2001)],
      events: [
        [],
        null,
        'purchase.created',
        [1],
        ['purchase.exploded'],
        ['quote.offered', 'quote.offered'],
      ],
    },
  },
  {
    contract: api.webhooks.remove,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.webhooks.resend,
    as: 'admin',
    params: () => ({ id: randomUUID(), deliveryId: randomUUID() }),
    at: hostileIdSegment,
  },
  // The job system (issue 32 item 4): a retry that names no job changes nothing.
  {
    contract: api.jobs.retry,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.reviews.create,
    as: 'customer',
    body: () => ({ rating: 4, discription: 'Solid parts.' }),
    poison: { rating: badInt(0, 5), discription: text },
  },
  {
    contract: api.reviews.remove,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.catalog.create,
    as: 'admin',
    body: () => ({
      name: 'Hostile SSD',
      img: '/images/products/ssd.svg',
      description: 'A drive.',
      price: 10,
      minimum: 1,
      available: 5,
    }),
    poison: {
      name: line,
      img: [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        '//evil.example/x.png',
        '/images/\u0000.svg',
        '/images/\ud800.svg',
        `http://${long('a')}`,
        '',
        null,
        1,
      ],
      description: text,
      price: badMoney,
      minimum: badInt(1),
      available: badInt(0),
      role: [true],
      ...catalogueFields,
    },
  },
  {
    contract: api.catalog.update,
    as: 'admin',
    params: (f) => ({ id: f.productId }),
    body: () => ({ price: 26 }),
    poison: {
      price: badMoney,
      minimum: badInt(1),
      available: badInt(0),
      description: text,
      name: line,
      img: ['javascript:alert(1)', '//evil.example/x.png', '/images/\u0000.svg', '', null, 1],
      role: [true],
      ...catalogueFields,
    },
    at: hostileIdSegment,
  },
  {
    contract: api.catalog.upload,
    as: 'admin',
    // Anything but a multipart picture: JSON, text, a script, is refused before it is stored.
    body: () => ({ file: 'iVBORw0KGgo=' }),
    poison: { file: text },
  },
  {
    contract: api.catalog.importCsv,
    as: 'admin',
    body: () => ({ csv: 'sku,price\nNO-SUCH-PART,1\n', dryRun: false }),
    keep: ['dryRun'],
    poison: {
      csv: [
        '',
        'name,price\nX,1\n',
        'sku,colour\nX-1,red\n',
        'sku,price\nX-1,12.75\n',
        'sku,price\n,1\n',
        'sku,priceTiers\nX-1,lots\n',
        `sku,name\nX-1,${'n'.repeat(200)}\n`,
        'sku,price\nX\u0000,1\n',
        'sku,name\nX-1,"Two\nlines"\n',
        null,
        1,
        [],
      ],
      dryRun: ['yes', 1, null],
    },
  },
  {
    contract: api.catalog.remove,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.identity.issueToken,
    as: 'session',
    params: (f) => ({ email: f.customerEmail }),
    body: (f) => ({ email: f.customerEmail }),
    poison: { email: badEmail },
    at: hostileEmailSegment,
  },
  {
    contract: api.users.promote,
    as: 'admin',
    params: () => ({ email: nobody() }),
    body: () => ({ email: 'acting@example.com' }),
    poison: { email: [null, 1, true, [], {}] },
    at: hostileEmailSegment,
  },
  {
    contract: api.users.demote,
    as: 'admin',
    params: () => ({ email: nobody() }),
    at: hostileEmailSegment,
  },
  {
    contract: api.users.remove,
    as: 'admin',
    params: () => ({ email: nobody() }),
    at: hostileEmailSegment,
  },
  {
    contract: api.profile.save,
    as: 'customer',
    params: (f) => ({ email: f.customerEmail }),
    body: () => ({
      education: 'BSc',
      location: 'Springfield',
      number: '+(555) 123-4567',
      linkedin: 'https://www.linkedin.com/in/pat',
    }),
    poison: { education: line, location: line, number: line, linkedin: line, name: ['Pat'] },
    at: hostileEmailSegment,
  },
  {
    contract: api.payments.createIntent,
    as: 'customer',
    body: (f) => ({ orderId: f.orderId, price: 1 }),
    poison: { orderId: badId, price: ['1', 'NaN', null, true, [], {}] },
  },
  // Paying invoices on account by card: the same call with `invoiceIds` (issue 30).
  {
    contract: api.payments.createIntent,
    as: 'customer',
    body: () => ({ invoiceIds: [randomUUID()] }),
    poison: {
      invoiceIds: [
        [],
        ['not-an-id'],
        null,
        'x',
        [lineId, lineId],
        Array.from({ length: 51 }, () => randomUUID()),
      ],
    },
  },
  {
    contract: api.companies.payInvoices,
    as: 'customer',
    params: (f) => ({ id: f.companyId }),
    body: () => ({ transactionId: 'pi_NothingPaidThis' }),
    poison: { transactionId: [...text, 'pi_' + 'x'.repeat(300)] },
    at: hostileIdSegment,
  },
  {
    contract: api.orders.recordPayment,
    as: 'customer',
    params: (f) => ({ id: f.orderId }),
    body: (f) => ({ _id: f.orderId, transactionId: 'pi_NothingPaidThis' }),
    poison: { _id: [...badId, randomUUID()], transactionId: text },
    at: hostileIdSegment,
  },
  {
    contract: api.orders.cancel,
    as: 'customer',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.orders.ship,
    as: 'admin',
    params: idOfNothing,
    body: () => ({ carrier: 'UPS', trackingNumber: '1Z999' }),
    poison: {
      carrier: [long('C', 101), 'UPS\u0000', 1, ...lineBreaks],
      trackingNumber: [long('T', 101), '1Z\u0000', 1, ...lineBreaks],
    },
    at: hostileIdSegment,
  },
  {
    contract: api.orders.remove,
    as: 'admin',
    params: idOfNothing,
    at: hostileIdSegment,
  },
  {
    contract: api.payments.sandboxConfirm,
    as: 'anonymous',
    body: () => ({
      clientSecret: 'pi_Nothing_secret_Nothing',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' },
      billingDetails: { name: 'PAT', email: 'pat@example.com' },
    }),
    poison: {
      clientSecret: ['\u0000', 'pi_x_secret_\u0000', '\ud800', long('a', 201), '', null, 1, {}, []],
      card: [null, 'card', 1, []],
      'card.number': [long('4', 41), null, 4242424242424242, {}],
      'card.expMonth': ['NaN', 'abc', 0.5, {}, 1e308, 'Infinity'],
      'card.cvc': ['12345678901', null, 123, {}],
      billingDetails: [null, 'x', 1, []],
      'billingDetails.name': [long('a', 201), null, 1],
      'billingDetails.email': [long('a', 255), null, 1],
    },
  },
  {
    contract: api.payments.stripeWebhook,
    as: 'anonymous',
    extra: unsignedWebhooks,
  },
];

function setPath(body: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = body;
  for (const key of keys) {
    const next = target[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return;
    target = next as Record<string, unknown>;
  }
  if (value === undefined) delete target[last];
  else target[last] = value;
}

const withField = (base: Record<string, unknown>, path: string, value: unknown) => {
  const body = structuredClone(base);
  setPath(body, path, value);
  return body;
};

/** Everything the generator sends to one endpoint. */
function hostileRequests(endpoint: WriteEndpoint, f: Fixtures): fc.Arbitrary<HostileRequest> {
  const url = validUrl(endpoint, f);
  const raw = fc
    .tuple(
      fc.constantFrom(...malformedJson),
      // Mostly JSON: the other types are all refused alike, before any parser runs.
      fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 4 },
        fc.constantFrom(...contentTypes),
      ),
    )
    .map(([payload, type]) => ({ url, payload, headers: { 'content-type': type } }));
  const modes: fc.Arbitrary<HostileRequest>[] = [raw];

  const { body, poison, keep = [] } = endpoint;
  let poisoned: fc.Arbitrary<Record<string, unknown>> | undefined;
  if (body && poison) {
    const paths = Object.keys(poison);
    const varied = paths.filter((path) => !keep.includes(path));
    // One field is sure to be refused; others may be anything, missing, or extra.
    poisoned = fc
      .tuple(
        fc
          .constantFrom(...paths)
          .chain((path) =>
            fc.constantFrom(...(poison[path] ?? [])).map((value) => [path, value] as const),
          ),
        varied.length === 0
          ? fc.constant([])
          : fc.array(
              fc.tuple(fc.constantFrom(...varied), fc.option(hostileValue, { nil: undefined })),
            ),
        fc.dictionary(
          fc.constantFrom('role', 'admin', 'paid', '_id', 'email', 'name'),
          hostileValue,
        ),
      )
      .map(([[path, value], others, extra]) => {
        // Copies: a later path may write into an object set by an earlier one, and the values
        // are fast-check's shared constants, which must stay as they are for the next run.
        const result = { ...structuredClone(body(f)), ...structuredClone(extra) };
        for (const [other, otherValue] of others)
          if (other !== path) setPath(result, other, structuredClone(otherValue));
        setPath(result, path, structuredClone(value));
        return result;
      });
    modes.push(poisoned.map((payload) => ({ url, payload })));
  }
  if (endpoint.at) {
    const payloads: fc.Arbitrary<Record<string, unknown> | undefined>[] = [fc.constant(undefined)];
    if (body) payloads.push(fc.constant(body(f)));
    if (poisoned) payloads.push(poisoned);
    modes.push(
      fc.tuple(endpoint.at, fc.oneof(...payloads)).map(([segment, payload]) => ({
        url: urlAt(endpoint, segment),
        ...(payload === undefined ? {} : { payload }),
      })),
    );
  }
  if (endpoint.extra) modes.push(endpoint.extra);
  return fc.oneof(...modes);
}

/** A refusal: a 4xx with a message (Stripe's shape, `error.message`, for the sandbox's card errors). */
function expectRefused(response: LightMyRequestResponse, request: string) {
  const where = `${request} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, where).toBeLessThan(500);
  const answer = response.json<{ message?: unknown; error?: { message?: unknown } }>();
  expect(answer.message ?? answer.error?.message, where).toEqual(expect.any(String));
}

describe.each(testDatabases())('hostile input on %s', (kind) => {
  let t: TestApp;
  let customer: SignedIn;
  let admin: SignedIn;
  let f: Fixtures;
  let before: DbSnapshot;

  beforeAll(async () => {
    // No webhook worker: no request here may make the shop call out (a subscription is refused).
    t = await buildTestApp(kind, {
      env: orderTestEnv({ ...MANY_SIGN_UPS, WEBHOOK_WORKER: 'false' }),
    });
    customer = await signedIn(t, { name: 'Cora Customer' });
    admin = await signedIn(t, { admin: true, name: 'Ada Admin' });
    const product = await addProduct(t, { available: 100 });
    const { user, token, headers } = customer;
    const order = await placeOrder(t, { ...user, token, headers }, product._id);
    const company = await inject(
      t,
      api.companies.create,
      { body: { name: 'Cora Components Ltd' } },
      { headers },
    );
    expect(company.statusCode, company.body).toBe(201);
    f = {
      customerEmail: user.email,
      productId: product._id,
      orderId: order._id,
      purchaseId: order.purchaseId,
      companyId: company.json()._id,
    };
    before = await dbSnapshot(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const credentials = (as: Caller): Record<string, string> => {
    if (as === 'anonymous') return {};
    if (as === 'session') return { cookie: customer.cookie };
    return (as === 'admin' ? admin : customer).headers;
  };

  // The address is built from the contract beforehand (raw, for a hostile segment), and the
  // request goes as it is: no header but the caller's and the request's own.
  const send = (endpoint: WriteEndpoint, request: HostileRequest) =>
    t.app.inject({
      method: endpoint.contract.method,
      url: request.url,
      headers: { ...credentials(endpoint.as), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });

  const describeRequest = (endpoint: WriteEndpoint, request: HostileRequest) =>
    `${endpoint.contract.method} ${request.url.slice(0, 120)} ${JSON.stringify(request.payload)?.slice(0, 200)}`;

  describe.each(writeEndpoints.map((endpoint) => [routeOf(endpoint.contract), endpoint] as const))(
    '%s',
    (_name, endpoint) => {
      const { body, poison } = endpoint;
      // Endpoints without a body are tried with hostile addresses and raw bodies only.
      if (poison) {
        it('refuses each listed bad value in each field', async () => {
          for (const [path, values] of Object.entries(poison)) {
            for (const value of values) {
              const request = {
                url: validUrl(endpoint, f),
                payload: withField(body?.(f) ?? {}, path, value),
              };
              expectRefused(await send(endpoint, request), describeRequest(endpoint, request));
            }
          }
          expect(await dbSnapshot(t.db)).toEqual(before);
        });
      }

      it(`refuses ${RUNS_PER_ENDPOINT} generated hostile requests and stores nothing`, async () => {
        await fc.assert(
          fc.asyncProperty(hostileRequests(endpoint, f), async (request) => {
            expectRefused(await send(endpoint, request), describeRequest(endpoint, request));
            expect(await dbSnapshot(t.db)).toEqual(before);
          }),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      });
    },
  );

  const oversized: [EndpointSpec, Caller][] = [
    [api.orders.place, 'customer'],
    [api.catalog.create, 'admin'],
    [api.profile.save, 'customer'],
    [api.newsletter.subscribe, 'anonymous'],
    [api.payments.stripeWebhook, 'anonymous'],
  ];
  it.each(oversized.map(([contract, as]) => [routeOf(contract), contract, as] as const))(
    '%s: a body over BODY_LIMIT gets 413',
    async (_route, contract, as) => {
      const response = await t.app.inject({
        method: contract.method,
        url: apiPath(contract, { params: { email: f.customerEmail } }),
        headers: { ...credentials(as), 'content-type': 'application/json' },
        payload: JSON.stringify({ description: long('a', t.config.bodyLimit + 1) }),
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(413);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
      expect(await dbSnapshot(t.db)).toEqual(before);
    },
  );

  // The imports take more than BODY_LIMIT (100,000 rows, issue 27), up to their own limit only.
  it.each([
    ['catalogue', () => apiPath(api.catalog.importCsv), CATALOG_IMPORT_CHARS_MAX],
    [
      'contract prices',
      () => apiPath(api.companies.importPrices, { params: { id: f.companyId } }),
      PRICE_IMPORT_CHARS_MAX,
    ],
  ] as const)('the %s import: a body over its raised limit gets 413', async (_name, url, chars) => {
    const response = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...credentials('admin'), 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: long('a', csvImportBodyLimit(chars) + 1), dryRun: true }),
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(413);
    expect(await dbSnapshot(t.db)).toEqual(before);
  });

  // Better Auth's own routes are outside the authorization matrix. update-user stores what a
  // signed-in person types (name, image), and a NUL in either answered 500 before the shared
  // rules checked every Better Auth body (auth/rules.ts).
  it(`POST /api/auth/update-user refuses ${RUNS_PER_ENDPOINT} generated hostile bodies and stores nothing`, async () => {
    const badImage = [
      ...badText.filter((value) => value !== null),
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '/images/me.png',
      'https://cdn.example.com/a\u0000b.png',
      `https://${long('a')}.example`,
    ];
    // '   ' passes SPEC's name pattern (letters and spaces), so it is no poison for a name.
    const badName = badText.filter((value) => value !== '   ');
    const poisoned = fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...badName).map((name) => ({ name })),
          fc.constantFrom(...badImage).map((image) => ({ image })),
        ),
        fc.dictionary(fc.constantFrom('name', 'image', 'role', 'emailVerified'), hostileValue),
      )
      .map(([poison, extra]) => JSON.stringify({ ...extra, ...poison }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(poisoned, fc.constantFrom(...malformedJson)), async (payload) => {
        // The origin a browser names, with the session cookie (Better Auth checks it).
        const response = await injectUnchecked(
          t,
          api.auth.updateUser,
          { body: payload },
          { cookie: customer.cookie, headers: { 'content-type': 'application/json' } },
        );
        expectRefused(response, `${routeOf(api.auth.updateUser)} ${payload.slice(0, 200)}`);
        expect(await dbSnapshot(t.db)).toEqual(before);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });

  // An empty key is a broken client, not "no key"; Stripe's limit is 255 characters. Node itself
  // refuses control characters in a header, before the app sees the request.
  const badKeys = ['', '   ', long('k', IDEMPOTENCY_KEY_MAX + 1), long('k'), 'clé-1', '\u00ff'];
  it.each(
    writeEndpoints
      .filter(({ contract }) => contract.idempotent)
      .map((endpoint) => [routeOf(endpoint.contract), endpoint] as const),
  )(
    '%s: a bad Idempotency-Key gets 400, with a valid body, and stores nothing',
    async (_route, endpoint) => {
      for (const key of badKeys) {
        const request = {
          url: validUrl(endpoint, f),
          payload: endpoint.body?.(f),
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        };
        const response = await send(endpoint, request);
        const where = `${describeRequest(endpoint, request)} key of ${key.length}`;
        expect(response.statusCode, where).toBe(400);
        expect(response.json<{ message: string }>().message, where).toContain(
          idempotencyMessages.invalidKey,
        );
      }
      expect(await dbSnapshot(t.db)).toEqual(before);
    },
  );

  it('covers every write endpoint of the authorization matrix, and the README says how hard', async () => {
    const writes = authorizationMatrix
      .filter((row) => row.method !== 'GET')
      .map((row) => `${row.method} ${row.url}`);
    // A route may be tried in several shapes (POST /create-payment-intent pays an order or invoices).
    const routes = [...new Set(writeEndpoints.map((e) => routeOf(e.contract)))];
    expect(routes.sort()).toEqual(writes.sort());
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(
      `Hostile input: ${routes.length} write endpoints x ${RUNS_PER_ENDPOINT} generated inputs each`,
    );
  });
});
