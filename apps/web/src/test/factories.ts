import {
  orderStatus,
  type AwaitingLine,
  type CheckoutPreview,
  type Order,
  type Product,
  type PublicConfig,
  type Purchase,
  type Review,
} from '@shop/shared';

/** A valid v4 UUID whose last digits are `n`, so ids in assertions stay readable. */
export const testId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: testId(n),
    name: `Part ${n}`,
    img: `/images/products/part-${n}.svg`,
    description: `Description of part ${n}.`,
    price: 100 + n,
    minimum: 50 * n,
    available: 1000 * n,
    sku: `PART-${String(n).padStart(3, '0')}`,
    category: 'other',
    increment: 1,
    maximum: null,
    priceTiers: [],
    specs: [],
    lowStockThreshold: 0,
    weightKg: 0,
    ...overrides,
  };
}

export function makeReview(n: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: testId(100 + n),
    name: `Reviewer ${n}`,
    rating: (n % 5) + 1,
    discription: `Review text ${n}.`,
    createdAt: `2026-03-${String(n).padStart(2, '0')}T09:30:00.000Z`,
    ...overrides,
  };
}

/** An unpaid order of `customer` (test/auth-mock); `status` follows `paid` and `shipping`. */
export function makeOrder(n: number, overrides: Partial<Order> = {}): Order {
  const base: Order = {
    _id: testId(200 + n),
    productId: testId(n),
    productName: `Part ${n}`,
    img: `/images/products/part-${n}.svg`,
    description: `Description of part ${n}.`,
    quantity: 50 * n,
    price: 50 * n * (100 + n),
    name: 'JANE BUYER',
    email: 'buyer@example.com',
    number: '(555) 123-4567',
    address: '12 Harbour Road, Leeds',
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    unitPrice: 100 + n,
    purchaseId: testId(300 + n),
    purchaseNumber: `PW-${String(n).padStart(6, '0')}`,
    paid: false,
    shipping: false,
    shippedQuantity: 0,
    transactionId: null,
    testPayment: false,
    status: 'Unpaid',
    createdAt: '2025-11-22T14:30:00.000Z',
    holdExpiresAt: '2025-11-24T14:30:00.000Z',
    shippingCharge: 0,
    tax: 0,
    total: 0,
    ...overrides,
  };
  return {
    ...base,
    total: overrides.total ?? cents(base.price + base.shippingCharge + base.tax),
    status: orderStatus(base),
    holdExpiresAt: base.paid ? null : base.holdExpiresAt,
    shippedQuantity: overrides.shippedQuantity ?? (base.shipping ? base.quantity : 0),
  };
}

/** Dollars with at most two decimals, as the API answers them. */
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** A line of a purchase awaiting approval: 60 pieces at $120, no shipping, no tax. */
export function makeAwaitingLine(n: number, overrides: Partial<AwaitingLine> = {}): AwaitingLine {
  const quantity = overrides.quantity ?? 60;
  const unitPrice = overrides.unitPrice ?? 120;
  return {
    productId: testId(n),
    productName: `Part ${n}`,
    img: `/images/products/part-${n}.svg`,
    quantity,
    unitPrice,
    price: cents(quantity * unitPrice),
    shippingCharge: 0,
    tax: 0,
    ...overrides,
  };
}

/**
 * A purchase of `customer` (test/auth-mock), unpaid unless told. Its money follows its lines
 * unless given: `subtotal` their prices, `shipping` and `tax` their shares, `total` the sum,
 * `unpaidTotal` the unpaid lines' totals; no shipping method, no tax lines.
 */
export function makePurchase(overrides: Partial<Purchase> = {}): Purchase {
  const orders = overrides.orders ?? [];
  const awaitingLines = overrides.awaitingLines ?? [];
  const lines = [...orders, ...awaitingLines];
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    cents(lines.reduce((total, line) => total + pick(line), 0));
  const subtotal = overrides.subtotal ?? sum((line) => line.price);
  const shipping = overrides.shipping ?? sum((line) => line.shippingCharge);
  const tax = overrides.tax ?? sum((line) => line.tax);
  return {
    _id: testId(900),
    number: 'PW-000123',
    createdAt: '2026-11-24T09:30:00.000Z',
    name: 'JANE BUYER',
    email: 'buyer@example.com',
    phone: '(555) 123-4567',
    address: '12 Harbour Road, Leeds',
    shipTo: null,
    poNumber: null,
    quoteNumber: null,
    quoteId: null,
    company: null,
    taxId: null,
    companyId: null,
    billingAddress: null,
    status: 'unpaid',
    paidAt: null,
    shippedAt: null,
    shipments: [],
    invoiceNumber: null,
    rejectionReason: null,
    currency: 'USD',
    paymentTerms: 'card',
    dueDate: null,
    amountDue: 0,
    shippingMethod: null,
    taxLines: [],
    reverseCharge: false,
    taxNote: null,
    ...overrides,
    orders,
    awaitingLines,
    subtotal,
    shipping,
    tax,
    total: overrides.total ?? cents(subtotal + shipping + tax),
    unpaidTotal:
      overrides.unpaidTotal ??
      cents(orders.filter((order) => !order.paid).reduce((total, order) => total + order.total, 0)),
  };
}

/** The shipping methods the preview offers unless told: ground and express, cheapest first. */
export const testShippingOptions: CheckoutPreview['shippingOptions'] = [
  { _id: testId(501), name: 'UPS Ground', carrier: 'UPS', days: { min: 1, max: 5 }, price: 11.5 },
  {
    _id: testId(502),
    name: 'UPS Next Day Air',
    carrier: 'UPS',
    days: { min: 1, max: 1 },
    price: 39.9,
  },
];

/**
 * POST /checkout/preview's answer for `lines` priced at `unitPrice` each: shipping by the method
 * `methodId` names (the cheapest of `options` unless told), tax at `taxRate` (a fraction) of goods
 * and shipping, named `taxName`.
 */
export function makePreview(
  lines: { productId: string; quantity: number; unitPrice: number }[],
  {
    methodId,
    options = testShippingOptions,
    taxRate = 0,
    taxName = 'Sales tax',
    taxNote = null,
  }: {
    methodId?: string;
    options?: CheckoutPreview['shippingOptions'];
    taxRate?: number;
    taxName?: string;
    taxNote?: string | null;
  } = {},
): CheckoutPreview {
  const method = options.find((option) => option._id === methodId) ?? options[0] ?? null;
  const subtotal = cents(lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0));
  const shipping = method?.price ?? 0;
  const tax = cents((subtotal + shipping) * taxRate);
  return {
    lines: lines.map((line) => ({
      ...line,
      price: cents(line.quantity * line.unitPrice),
      shippingCharge: 0,
      tax: 0,
    })),
    subtotal,
    shipping,
    tax,
    total: cents(subtotal + shipping + tax),
    currency: 'USD',
    shippingMethod: method && {
      _id: method._id,
      name: method.name,
      carrier: method.carrier,
      days: method.days,
    },
    shippingOptions: options,
    taxLines:
      taxRate > 0
        ? [{ name: taxName, rate: taxRate, base: cents(subtotal + shipping), amount: tax }]
        : [],
    reverseCharge: taxNote !== null,
    taxNote,
  };
}

export const testConfig: PublicConfig = {
  shopName: 'TestParts',
  payment: { gateway: 'sandbox', publishableKey: null },
  googleEnabled: false,
};
