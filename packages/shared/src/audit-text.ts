import { paymentTermsLabels, type PaymentTerms } from './payment-terms.js';
import type { AuditEntry } from './audit.js';

/*
 * The audit log in words (issue 28, item 6): what an admin action changed, before and after, the
 * way a person reads it ("Price $39.00 -> $37.00", "Volume prices none -> 10+ $35.00, 50+
 * $33.00"). One function for every page and export that shows a record, so a record never reads
 * `[object Object]`. Old rows are read too: the details are whatever the server stored then.
 */

/** Exact to the cent, always with two decimals: a record shows what changed, even one cent. */
const centsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A dollar amount as a record shows it: "$1,180.00"; anything else as plain words. */
export function auditMoney(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? centsFormat.format(value)
    : plainValue(value);
}

/** Volume prices `[{ minQuantity, price }]` -> "10+ $35.00, 50+ $33.00"; none -> "none". */
export function auditTiers(value: unknown): string {
  if (!Array.isArray(value)) return plainValue(value);
  if (value.length === 0) return 'none';
  return value
    .map((tier) =>
      isRecord(tier) ? `${String(tier.minQuantity)}+ ${auditMoney(tier.price)}` : plainValue(tier),
    )
    .join(', ');
}

/** Specifications `[{ label, value }]` -> "Cores: 8, TDP: 65 W"; none -> "none". */
function specsText(value: unknown): string {
  if (!Array.isArray(value)) return plainValue(value);
  if (value.length === 0) return 'none';
  return value
    .map((spec) =>
      isRecord(spec) ? `${String(spec.label)}: ${String(spec.value)}` : plainValue(spec),
    )
    .join(', ');
}

/** A value of a field this module does not know: never "[object Object]". */
function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plainValue).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plainValue(inner)}`)
      .join(', ');
  return String(value);
}

/** Long text (a description) is named, not copied: the log says it changed. */
const LONG_TEXT = 80;
const shortText = (value: unknown): string => {
  const text = plainValue(value);
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
};

/** How each product field is named and its values written. */
const productFields: Record<string, { label: string; text: (value: unknown) => string }> = {
  name: { label: 'Name', text: shortText },
  sku: { label: 'Part number', text: plainValue },
  category: { label: 'Category', text: plainValue },
  price: { label: 'Price', text: auditMoney },
  minimum: { label: 'Minimum order', text: plainValue },
  increment: { label: 'Pack size', text: plainValue },
  maximum: { label: 'Maximum per order', text: (v) => (v == null ? 'no limit' : plainValue(v)) },
  available: { label: 'Stock', text: plainValue },
  lowStockThreshold: { label: 'Low-stock threshold', text: plainValue },
  weightKg: { label: 'Weight', text: (v) => (typeof v === 'number' ? `${v} kg` : plainValue(v)) },
  priceTiers: { label: 'Volume prices', text: auditTiers },
  specs: { label: 'Specifications', text: specsText },
  img: { label: 'Image', text: shortText },
  description: { label: 'Description', text: shortText },
};

const fieldText = (field: string) => productFields[field] ?? { label: field, text: shortText };

/** "Price $39.00 -> $37.00": one field's change. */
export function auditFieldChange(field: string, from: unknown, to: unknown): string {
  const { label, text } = fieldText(field);
  return `${label} ${text(from)} -> ${text(to)}`;
}

/** "Price $39.00, minimum order 10, stock 500": a product's figures at creation or deletion. */
function productFigures(details: Record<string, unknown>): string | null {
  const parts = ['sku', 'price', 'minimum', 'available']
    .filter((field) => details[field] !== undefined)
    .map((field) => {
      const { label, text } = fieldText(field);
      return `${label} ${text(details[field])}`;
    });
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A contract price: "Contract price for Ryzen 7 (CPU-R7) $39.00 -> $37.00". */
function contractPriceText(details: Record<string, unknown>): string {
  const product =
    typeof details.productName === 'string'
      ? `${details.productName}${typeof details.sku === 'string' ? ` (${details.sku})` : ''}`
      : typeof details.sku === 'string'
        ? details.sku
        : 'a product';
  const price = (value: unknown) => (value == null ? 'list price' : auditMoney(value));
  return `Contract price for ${product} ${price(details.from)} -> ${price(details.to)}`;
}

const termsFields: Record<string, [string, (value: unknown) => string]> = {
  paymentTerms: [
    'Payment terms',
    (v) =>
      typeof v === 'string' && v in paymentTermsLabels
        ? paymentTermsLabels[v as PaymentTerms]
        : plainValue(v),
  ],
  creditLimit: ['Credit limit', (v) => (v == null ? 'no limit' : auditMoney(v))],
  onHold: ['On hold', (v) => (v === true ? 'yes' : v === false ? 'no' : plainValue(v))],
};
const termsFieldNames = Object.keys(termsFields);

/**
 * A company's terms (issue 30): "Payment terms Card -> Net 30; Credit limit no limit ->
 * $50,000.00", each field changed, in the form's order; "Terms unchanged" when none was.
 */
function termsText(details: Record<string, unknown>): string {
  const changes = isRecord(details.changes) ? details.changes : {};
  const parts = Object.entries(changes)
    .sort(([a], [b]) => termsFieldNames.indexOf(a) - termsFieldNames.indexOf(b))
    .map(([field, change]) => {
      const [label, text] = termsFields[field] ?? [field, plainValue];
      return isRecord(change) ? `${label} ${text(change.from)} -> ${text(change.to)}` : label;
    });
  return parts.length > 0 ? parts.join('; ') : 'Terms unchanged';
}

/** A location's address on one line, as the details keep it (formatAddress's form). */
const addressText = (value: unknown) => (typeof value === 'string' ? value : plainValue(value));
const yesNo = (value: unknown) =>
  value === true ? 'yes' : value === false ? 'no' : plainValue(value);

/**
 * A ship-to location (issue 29): "Main warehouse: Jane Doe, 500 Howard Street, ..., tax exempt
 * no"; a change names each field: "Main warehouse: Address A -> B; Tax exempt no -> yes".
 */
function locationText(action: string, details: Record<string, unknown>): string {
  const name = plainValue(details.name);
  if (action !== 'location.update')
    return `${name}: ${addressText(details.address)}, tax exempt ${yesNo(details.taxExempt)}`;
  const changes = isRecord(details.changes) ? details.changes : {};
  const labels: Record<string, [string, (value: unknown) => string]> = {
    name: ['Name', plainValue],
    address: ['Address', addressText],
    taxExempt: ['Tax exempt', yesNo],
  };
  const parts = Object.entries(changes).map(([field, change]) => {
    const [label, text] = labels[field] ?? [field, plainValue];
    return isRecord(change) ? `${label} ${text(change.from)} -> ${text(change.to)}` : label;
  });
  return parts.length > 0 ? `${name}: ${parts.join('; ')}` : name;
}

/**
 * A line's part of a parcel (decision 030): "6 pieces of PW-000777, 6 shipped in all; Carrier
 * DHL, tracking JD0146". A line shipped before parcels were kept has its carrier and tracking only.
 */
function shipmentText(details: Record<string, unknown>): string {
  const parcel = `Carrier ${plainValue(details.carrier)}, tracking ${plainValue(details.trackingNumber)}`;
  if (typeof details.quantity !== 'number') return parcel;
  const pieces = `${details.quantity} ${details.quantity === 1 ? 'piece' : 'pieces'}`;
  const of = typeof details.purchaseNumber === 'string' ? ` of ${details.purchaseNumber}` : '';
  const sum =
    typeof details.shippedQuantity === 'number'
      ? `, ${details.shippedQuantity} shipped in all`
      : '';
  return `${pieces}${of}${sum}; ${parcel}`;
}

/** A rate as a record shows it: 0.0725 -> "7.25 %"; none -> "none". */
const ratePercent = (value: unknown): string =>
  typeof value === 'number' ? `${Number((value * 100).toFixed(4))} %` : plainValue(value);

/** The rate table's changes: "CA 7.25 % -> 7.5 %; NY none -> 4 %". */
function taxRatesText(details: Record<string, unknown>): string | null {
  const changes = details.changes;
  if (!Array.isArray(changes)) return null;
  if (changes.length === 0) return 'No rate changed';
  return changes
    .map((change) =>
      isRecord(change)
        ? `${plainValue(change.region)} ${ratePercent(change.from)} -> ${ratePercent(change.to)}`
        : plainValue(change),
    )
    .join('; ');
}

/** An exemption's review: "Approved certificate 123-45 for CA, until 2027-06-30". */
function exemptionText(details: Record<string, unknown>): string {
  const verb = details.status === 'approved' ? 'Approved' : 'Refused';
  const reason = typeof details.reason === 'string' ? `: ${shortText(details.reason)}` : '';
  return `${verb} certificate ${plainValue(details.certificateNumber)} for ${plainValue(details.region)}, until ${plainValue(details.expiresOn)}${reason}`;
}

/** Weight bands `[{ upToKg, price }]` -> "up to 5 kg $12.50, up to 30 kg $24.90"; none -> "none". */
function bandsText(value: unknown): string {
  if (!Array.isArray(value)) return plainValue(value);
  if (value.length === 0) return 'none';
  return value
    .map((band) =>
      isRecord(band)
        ? `up to ${String(band.upToKg)} kg ${auditMoney(band.price)}`
        : plainValue(band),
    )
    .join(', ');
}

/** How each shipping method field is named and its values written (decision 036). */
const shippingFields: Record<string, { label: string; text: (value: unknown) => string }> = {
  name: { label: 'Name', text: shortText },
  carrier: { label: 'Carrier', text: shortText },
  countries: { label: 'Countries', text: plainValue },
  flatPrice: { label: 'Flat price', text: (v) => (v == null ? 'none' : auditMoney(v)) },
  weightBands: { label: 'Weight bands', text: bandsText },
  freeAbove: { label: 'Free above', text: (v) => (v == null ? 'never' : auditMoney(v)) },
  daysMin: { label: 'Fewest days', text: plainValue },
  daysMax: { label: 'Most days', text: plainValue },
  active: {
    label: 'Offered',
    text: (v) => (v === true ? 'yes' : v === false ? 'no' : plainValue(v)),
  },
  sortOrder: { label: 'Position', text: plainValue },
};

const shippingFieldNames = Object.keys(shippingFields);
const fieldOrder = (name: string) =>
  shippingFieldNames.includes(name) ? shippingFieldNames.indexOf(name) : shippingFieldNames.length;

/** A shipping method's change, field by field, or its figures when added or removed. */
function shippingText(details: Record<string, unknown>): string | null {
  const field = (name: string) => shippingFields[name] ?? { label: name, text: shortText };
  const changes = details.changes;
  const parts = isRecord(changes)
    ? // In the form's order: jsonb keeps its keys in its own order.
      Object.entries(changes)
        .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
        .map(([name, change]) => {
          const { label, text } = field(name);
          return isRecord(change)
            ? `${label} ${text(change.from)} -> ${text(change.to)}`
            : `${label} ${plainValue(change)}`;
        })
    : ['carrier', 'countries', 'flatPrice', 'weightBands', 'freeAbove', 'daysMin', 'daysMax']
        .filter((name) => details[name] !== undefined)
        .map((name) => `${field(name).label} ${field(name).text(details[name])}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * What the entry's action changed, in words, or null when the action says it all (a promotion).
 * Each product field changed is one part, joined by "; ".
 */
/** A credit note: "CN-2026-00001 for INV-2026-00042: $119.00 (1 x Ryzen 7 CPU), restocked: why". */
function creditNoteText(details: Record<string, unknown>): string {
  const lines = Array.isArray(details.lines)
    ? details.lines
        .map((line) =>
          isRecord(line) ? `${plainValue(line.quantity)} x ${plainValue(line.productName)}` : '',
        )
        .filter(Boolean)
        .join(', ')
    : '';
  const extras = [
    details.shipping === true ? 'with shipping' : null,
    details.restock === true ? 'restocked' : null,
  ].filter(Boolean);
  return (
    `${plainValue(details.creditNote)} for ${plainValue(details.invoiceNumber)}: ` +
    `${auditMoney(details.total)}${lines ? ` (${lines})` : ''}` +
    `${extras.length > 0 ? `, ${extras.join(', ')}` : ''}: ${shortText(details.reason)}`
  );
}

/** "$12,500.00 received 2026-11-20, to INV-2026-00041, INV-2026-00042; $100.00 left as credit". */
function paymentText(details: Record<string, unknown>): string {
  const invoices = Array.isArray(details.invoices) ? details.invoices.map(plainValue) : [];
  const credit = typeof details.unallocated === 'number' && details.unallocated > 0;
  return (
    `${auditMoney(details.amount)} received ${plainValue(details.receivedOn)}` +
    (invoices.length > 0 ? `, to ${invoices.join(', ')}` : ', to no invoice') +
    (credit ? `; ${auditMoney(details.unallocated)} left as credit` : '')
  );
}

export function describeAuditChange(entry: Pick<AuditEntry, 'action' | 'details'>): string | null {
  const details = entry.details;
  if (!isRecord(details)) return null;
  switch (entry.action) {
    case 'product.update': {
      const changes = details.changes;
      if (!isRecord(changes)) return null;
      const parts = Object.entries(changes).map(([field, change]) =>
        isRecord(change)
          ? auditFieldChange(field, change.from, change.to)
          : `${fieldText(field).label} ${plainValue(change)}`,
      );
      return parts.length > 0 ? parts.join('; ') : null;
    }
    case 'product.create':
    case 'product.delete':
      return productFigures(details);
    case 'company.price':
      return contractPriceText(details);
    case 'company.terms':
      return termsText(details);
    case 'company.payment':
      return paymentText(details);
    case 'location.create':
    case 'location.update':
    case 'location.delete':
      return locationText(entry.action, details);
    case 'tax.rates':
      return taxRatesText(details);
    case 'tax.exemption':
      return exemptionText(details);
    case 'shipping.create':
    case 'shipping.update':
    case 'shipping.delete':
      return shippingText(details);
    case 'order.delete':
      return `${plainValue(details.quantity)} pieces, ${auditMoney(details.price)}`;
    case 'order.ship':
      return shipmentText(details);
    case 'purchase.credit':
      return creditNoteText(details);
    case 'quote.offer':
      return `Version ${plainValue(details.version)}: ${plainValue(details.lines)} lines, ${auditMoney(details.subtotal)}, valid until ${plainValue(details.expiresAt)}`;
    case 'api_key.create':
    case 'api_key.revoke':
      return `${plainValue(details.prefix)}: ${plainValue(details.scopes)}`;
    case 'webhook.create':
    case 'webhook.remove':
      return `${plainValue(details.url)}: ${plainValue(details.events)}`;
    case 'job.retry':
      return `${plainValue(details.queue)} ${plainValue(details.kind)}, after ${plainValue(details.attempts)} attempts: ${shortText(details.lastError)}`;
    case 'review.delete':
      return `Rating ${plainValue(details.rating)}: ${shortText(details.discription)}`;
    case 'user.remove':
      return details.wasAdmin === true ? 'Was an admin' : null;
    default:
      return plainValue(details);
  }
}
