import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The shop's tables. Ids are UUIDs made by the database; answers rename `id` to `_id` (SPEC).
 * `seq` is an identity column that keeps "the order things were created in" exact even when
 * several rows share one transaction timestamp (the seed inserts many in one go).
 */

/** A line of a purchase waiting for approval, as purchases.awaiting_lines keeps it. */
export interface AwaitingLineRow {
  productId: string;
  productName: string;
  img: string;
  description: string;
  quantity: number;
  /** Cents per piece. */
  unitPrice: number;
  /** The line's share of the purchase's shipping, in cents (issue 29; absent before it). */
  shippingCharge?: number;
  /** The line's tax, its shipping share's included, in cents (issue 29; absent before it). */
  tax?: number;
}

/** The shipping method a purchase was priced with, as it was then (issue 29). */
export interface ShippingMethodSnapshot {
  id: string;
  name: string;
  carrier: string;
  daysMin: number;
  daysMax: number;
}

/** How a purchase is taxed (issue 29, docs/decisions/038): the engine's verdict, kept. */
export interface PurchaseTaxRow {
  treatment: string;
  /** The one rate every line and the shipping are taxed at (a fraction; 0 when none). */
  rate: number;
  /** The tax line's name ("VAT DE 19 %"), or null when the sale carries no tax line. */
  name: string | null;
  reverseCharge: boolean;
  /** The words the invoice must carry, or null. */
  note: string | null;
}

/** A structured postal address (DESIGN section 9), as a location or a purchase's ship-to keeps it. */
export interface PostalAddressRow {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull();
/**
 * An amount of money: integer cents (docs/decisions/027), 64 bits so that a price of up to
 * MONEY_MAX_DOLLARS, and any sum of them, fits. Read as a JS number: exact below 2^53 cents.
 */
const cents = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * When the row last changed, to the microsecond: kept by a trigger (migration 0030) at the
 * database's clock of each insert and update, never earlier than the writing transaction's start,
 * for `updatedSince` (db/sync.ts, docs/decisions/055).
 */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 6 })
    .notNull()
    .default(sql`clock_timestamp()`);
/**
 * The searched columns of a row as one text, one per line, kept by the database. Its trigram
 * index (pg_trgm, GIN) answers `ILIKE '%...%'` without reading every row, which no btree can;
 * one column and one index instead of one per searched column, and the line breaks keep a
 * search from matching across two columns.
 */
/** PostgreSQL's full-text document type, which drizzle has no column builder for. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const searchText = (expression: ReturnType<typeof sql>) =>
  text('search_text').notNull().generatedAlwaysAs(expression);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    /** SPEC: "role (truthy means admin)". */
    role: boolean('role').notNull().default(false),
    createdAt: createdAt(),
  },
  // The Overview counts the customers who joined in a period.
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

export const userInfo = pgTable('user_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  education: text('education').notNull(),
  location: text('location').notNull(),
  number: text('number').notNull(),
  linkedin: text('linkedin').notNull(),
  /** Business details checkout is prefilled from (DESIGN section 8); null when not given. */
  company: text('company'),
  taxId: text('tax_id'),
  billingAddress: text('billing_address'),
  shippingAddress: text('shipping_address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Part numbers for products added without one: P-000001, P-000002, ... */
export const productSkuSeq = pgSequence('product_sku_seq');

export const products = pgTable(
  'products',
  {
    id: id(),
    seq: seq(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    /** Cents per piece (docs/decisions/027); the API answers dollars. */
    price: cents('price').notNull(),
    /** Minimum order quantity. */
    minimum: integer('minimum').notNull(),
    /** Pieces in stock. */
    available: integer('available').notNull(),
    /** Part number (DESIGN section 8): the key of the catalogue's CSV and of quick orders. */
    sku: text('sku')
      .notNull()
      .unique()
      .default(sql`('P-' || lpad(nextval('product_sku_seq')::text, 6, '0'))`),
    category: text('category').notNull().default('other'),
    /** Pack size: an order's quantity is a multiple of it. */
    increment: integer('increment').notNull().default(1),
    /** Most pieces per order; null for no limit. */
    maximum: integer('maximum'),
    /** Volume prices `[{ minQuantity, price }]` (price in cents), ascending; the shared rule checks them. */
    priceTiers: jsonb('price_tiers')
      .$type<{ minQuantity: number; price: number }[]>()
      .notNull()
      .default([]),
    /** Specifications `[{ label, value }]`, shown as a table on the product page. */
    specs: jsonb('specs').$type<{ label: string; value: string }[]>().notNull().default([]),
    /** Admins are warned when the stock is at or below it. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    /**
     * Shipping weight of one piece in whole grams (the API answers `weightKg`, decision 036):
     * integers, so a parcel's weight is an exact sum. 0 when nobody gave one.
     */
    weightGrams: integer('weight_grams').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the catalogue search reads: the words of part number, name and description, as
     * PostgreSQL's full-text search splits them ('simple': no language's stemming or stop words,
     * part numbers and model names are not English). Its GIN index answers a search of every
     * word, by prefix, without reading the rows (catalog/search.ts).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', sku || ' ' || name || ' ' || description)`),
  },
  (t) => [
    check('products_available_check', sql`${t.available} >= 0`),
    check('products_minimum_check', sql`${t.minimum} >= 1`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_increment_check', sql`${t.increment} >= 1`),
    check('products_maximum_check', sql`${t.maximum} IS NULL OR ${t.maximum} >= ${t.minimum}`),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('products_weight_grams_check', sql`${t.weightGrams} >= 0`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // The catalogue's sorts and filter: newest, price, name, category.
    index('products_seq_idx').on(t.seq),
    index('products_price_idx').on(t.price, t.seq),
    index('products_name_idx').on(t.name, t.seq),
    index('products_category_idx').on(t.category, t.seq),
    // The Overview's stock to watch: at or below the threshold is a difference of 0 or less.
    index('products_low_stock_idx').on(sql`(${t.available} - ${t.lowStockThreshold})`),
    // Sync by change time (updatedSince): the changes in order.
    index('products_updated_at_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * Company accounts (issue 15): a business whose colleagues buy together. Members are known by
 * email (company_members), so an invitation to someone without an account waits for them.
 */
/** A weight band of a shipping method as `shipping_methods.weight_bands` keeps it. */
export interface WeightBandRow {
  upToKg: number;
  /** Cents. */
  price: number;
}

/**
 * Shipping methods (DESIGN section 9, decision 036): a carrier's service for a zone of countries
 * (ISO alpha-2 codes), at a flat price or by weight bands (one of the two), free at or above a
 * subtotal, in so many business days. Amounts in cents. The admin replaces the list as a whole.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: id(),
    seq: seq(),
    /** Unique without regard to case: the PUT that replaces the list checks it as a whole. */
    name: text('name').notNull(),
    carrier: text('carrier').notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    /** Cents whatever the weight; null when priced by weight bands. */
    flatPrice: cents('flat_price'),
    /** `[{ upToKg, price }]` ascending, price in cents; empty when the price is flat. */
    weightBands: jsonb('weight_bands').$type<WeightBandRow[]>().notNull().default([]),
    /** Cents: a subtotal at or above it ships free; null for never. */
    freeAbove: cents('free_above'),
    daysMin: integer('days_min').notNull(),
    daysMax: integer('days_max').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipping_methods_flat_price_check', sql`${t.flatPrice} IS NULL OR ${t.flatPrice} >= 0`),
    check('shipping_methods_free_above_check', sql`${t.freeAbove} IS NULL OR ${t.freeAbove} >= 0`),
    check(
      'shipping_methods_pricing_check',
      sql`(${t.flatPrice} IS NULL) <> (jsonb_array_length(${t.weightBands}) = 0)`,
    ),
    check('shipping_methods_days_check', sql`${t.daysMin} >= 0 AND ${t.daysMax} >= ${t.daysMin}`),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    seq: seq(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    billingAddress: text('billing_address'),
    shippingAddress: text('shipping_address'),
    /**
     * Invitations sent on `invitations_day` (the database's date): at most 20 a day per company
     * (DESIGN section 9). A counter, not a count of rows, so inviting and withdrawing again and
     * again still counts every email sent.
     */
    invitationsDay: date('invitations_day'),
    invitationsToday: integer('invitations_today').notNull().default(0),
    /**
     * Pay on account (issue 30, docs/decisions/043): `card` (no account) or net 15/30/45/60 days,
     * set by the admin. `credit_limit` is cents, null for no limit (the admin's explicit choice:
     * account purchases unlimited); `on_hold` refuses new account purchases.
     */
    paymentTerms: text('payment_terms')
      .$type<'card' | 'net15' | 'net30' | 'net45' | 'net60'>()
      .notNull()
      .default('card'),
    creditLimit: cents('credit_limit'),
    onHold: boolean('on_hold').notNull().default(false),
    /**
     * What the company owes, in cents: the sum of its ledger entries, changed only by
     * modules/ledger in the transaction that appends each entry, so a credit check is one
     * conditional update of this row instead of a sum over the ledger.
     */
    balance: cents('balance').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    check(
      'companies_payment_terms_check',
      sql`${t.paymentTerms} in ('card', 'net15', 'net30', 'net45', 'net60')`,
    ),
    check('companies_credit_limit_check', sql`${t.creditLimit} IS NULL OR ${t.creditLimit} >= 0`),
  ],
);

/**
 * A company's account with the shop (issue 30, docs/decisions/043): every invoice on account,
 * payment, credit note and adjustment, in cents, signed (invoice +, payment and credit note -).
 * Append-only: migration 0021's trigger refuses any UPDATE or DELETE, so history cannot change;
 * a mistake is corrected by another entry. `balance_after` is the company's balance once the
 * entry was added; `seq` orders a company's entries (the company's row lock serializes them).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    seq: seq(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'invoice' | 'payment' | 'credit_note' | 'adjustment'>().notNull(),
    amount: cents('amount').notNull(),
    balanceAfter: cents('balance_after').notNull(),
    /** What the entry is of: an invoice or credit note number, a bank transfer's reference. */
    reference: text('reference').notNull(),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    /** Why an adjustment was made (required for one). */
    reason: text('reason'),
    /** The admin's email who recorded it; null when the shop did (an invoice on checkout). */
    createdBy: text('created_by'),
    /** A bank transfer's day on the shop's account statement, as the admin recorded it. */
    receivedOn: date('received_on', { mode: 'string' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_company_id_seq_idx').on(t.companyId, t.seq),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('invoice', 'payment', 'credit_note', 'adjustment')`,
    ),
    check(
      'ledger_entries_sign_check',
      sql`case ${t.kind} when 'invoice' then ${t.amount} > 0 when 'adjustment' then ${t.amount} <> 0 and ${t.reason} is not null else ${t.amount} < 0 end`,
    ),
  ],
);

/**
 * Who belongs to a company, by normalized email. A row is an invitation (`status` invited) until
 * the person accepts it signed in with that address verified; then it is `active` and `user_id`
 * is set. One active company per person (the partial unique index); invitations from several
 * companies may wait at once, one per company. `spending_limit` is cents a calendar month,
 * null for none.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** invited | active */
    status: text('status').notNull().default('active'),
    /** The account that accepted: set with `status` active (the creator's at once). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The owner who sent the invitation (their email); null for the creator. */
    invitedBy: text('invited_by'),
    /** owner | buyer | approver */
    role: text('role').notNull(),
    spendingLimit: cents('spending_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.email] }),
    uniqueIndex('company_members_active_email_idx')
      .on(t.email)
      .where(sql`${t.status} = 'active'`),
    index('company_members_email_idx').on(t.email),
    check('company_members_status_check', sql`${t.status} in ('invited', 'active')`),
    check(
      'company_members_active_user_check',
      sql`${t.status} = 'invited' OR ${t.userId} IS NOT NULL`,
    ),
    check('company_members_role_check', sql`${t.role} in ('owner', 'buyer', 'approver')`),
    check(
      'company_members_spending_limit_check',
      sql`${t.spendingLimit} IS NULL OR ${t.spendingLimit} >= 0`,
    ),
    index('company_members_company_id_idx').on(t.companyId),
  ],
);

/** A company's agreed unit price for a product (cents per piece). */
export const contractPrices = pgTable(
  'contract_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: cents('price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.productId] }),
    check('contract_prices_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * A company's ship-to locations (issue 29): a name and a structured address each, at most
 * COMPANY_LOCATIONS_MAX a company (counted under the company's row lock). `tax_exempt` is set by
 * the shop's admins only (docs/decisions/034).
 */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: id(),
    seq: seq(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: jsonb('address').$type<PostalAddressRow>().notNull(),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_locations_company_name_idx').on(t.companyId, t.name),
    check('company_locations_name_check', sql`length(${t.name}) between 1 and 80`),
    check('company_locations_address_check', sql`jsonb_typeof(${t.address}) = 'object'`),
  ],
);

/** A line of a quote as the buyer asked for it (issue 29's cents: `targetPrice`, null: none given). */
export interface QuoteLineRow {
  productId: string;
  productName: string;
  sku: string;
  quantity: number;
  targetPrice: number | null;
}

/** A line of an offer: the unit price the shop agrees to, in cents. */
export interface QuoteOfferLineRow {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
}

/**
 * Quotes (issue 31, docs/decisions/052): what a buyer asked a price for, in whose name, and where
 * the negotiation stands. `requested` waits for the shop, `offered` for the buyer; `accepted`
 * (its purchase names it, `purchases.quote_id`, once) and `declined` never change again.
 * Expired is read from the latest offer's `expires_at`, never stored.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    seq: seq(),
    /** Q-<year>-<5 digits or more>, from quote_counters. */
    number: text('number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The requester's company when they asked: its owners and approvers see the quote. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => companyLocations.id, {
      onDelete: 'set null',
    }),
    status: text('status')
      .$type<'requested' | 'offered' | 'accepted' | 'declined'>()
      .notNull()
      .default('requested'),
    lines: jsonb('lines').$type<QuoteLineRow[]>().notNull(),
    /** The latest offer's version (0 before the first), validity and subtotal in cents. */
    latestVersion: integer('latest_version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    offerSubtotal: cents('offer_subtotal'),
    /** The offer that became the purchase; its prices are what approving it charges. */
    acceptedVersion: integer('accepted_version'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_company_id_seq_idx').on(t.companyId, t.seq),
    index('quotes_user_id_seq_idx').on(t.userId, t.seq),
    index('quotes_status_seq_idx').on(t.status, t.seq),
    check(
      'quotes_status_check',
      sql`${t.status} in ('requested', 'offered', 'accepted', 'declined')`,
    ),
  ],
);

/** Q-<year>-<5 digits> per calendar year (issue 31). */
export const quoteCounters = pgTable('quote_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** The shop's offers on a quote, one row a version, never changed once written. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    lines: jsonb('lines').$type<QuoteOfferLineRow[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    note: text('note'),
    /** The admin who made the offer. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** When the "expires in two days" email was queued: once, whatever instance sweeps. */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.version] }),
    // The sweep for offers about to expire reads only those not yet noticed.
    index('quote_versions_expiry_notice_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiryNoticeAt} is null`),
  ],
);

/** The thread of a quote: what the buyer's side and the shop wrote, with new target prices. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: id(),
    seq: seq(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    fromShop: boolean('from_shop').notNull(),
    /** Who wrote it: a name and email as the thread shows them. */
    author: text('author').notNull(),
    text: text('text').notNull(),
    /** Cents, by product: the buyer's new target prices (empty for none). */
    targetPrices: jsonb('target_prices')
      .$type<{ productId: string; targetPrice: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('quote_messages_quote_id_seq_idx').on(t.quoteId, t.seq)],
);

/** Numbers purchases PW-000001, PW-000002, ...: a sequence, so instances never hand out one twice. */
export const purchaseNumberSeq = pgSequence('purchase_number_seq');

/**
 * What a customer bought in one go (DESIGN section 8): the purchase number, how to reach and bill
 * the buyer, and, once every line is paid, the invoice number. Its lines are `orders` rows.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    seq: seq(),
    /** PW- and six digits or more, from purchase_number_seq (migration 0005's function). */
    number: text('number')
      .notNull()
      .unique()
      .default(sql`next_purchase_number()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    poNumber: text('po_number'),
    company: text('company'),
    taxId: text('tax_id'),
    /** INV-<year>-<5 digits>, given once, when the last line is paid, from invoice_counters. */
    invoiceNumber: text('invoice_number').unique(),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** The buyer's company when they bought as its member; its billing address for the invoice. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    billingAddress: text('billing_address'),
    /**
     * Where it ships, structured (issue 29): a company location's address or the one the buyer
     * typed; null for a purchase given only SPEC's one-line `address` (which holds this one's
     * one-line form otherwise).
     */
    shipTo: jsonb('ship_to').$type<PostalAddressRow>(),
    /**
     * The lines of a purchase above the buyer's spending limit, priced when it was made, while
     * it waits for approval (null otherwise): it has no orders and holds no stock until approved.
     */
    awaitingLines: jsonb('awaiting_lines').$type<AwaitingLineRow[]>(),
    /** SHOP_CURRENCY when it was placed. */
    currency: text('currency').notNull().default('USD'),
    /** The method it ships by (issue 29); null for one placed before, or when none was set up. */
    shippingMethod: jsonb('shipping_method').$type<ShippingMethodSnapshot>(),
    /** Its tax treatment and rate (issue 29); null for a purchase placed before. */
    taxTreatment: jsonb('tax_treatment').$type<PurchaseTaxRow>(),
    /** The seller's tax id when it was placed: the invoice prints the one it was sold under. */
    sellerTaxId: text('seller_tax_id'),
    /**
     * How a purchase that will never be paid ended, kept so its buyer and company still see it:
     * `rejected` by an approver (with `rejection_reason`) or after APPROVAL_DAYS, `cancelled` when
     * its buyer left the company or every line was cancelled. Null while it lives.
     */
    /**
     * How it is paid (issue 30, docs/decisions/044): `card`, or the company's net terms when the
     * buyer chose to pay on account (kept while it waits for approval, so approving it charges the
     * account). On account it is confirmed and invoiced at once: `due_date` from the terms, and
     * `amount_due` (cents) what is left to pay of the invoice, lowered by payments and credit
     * notes in the transaction that appends their ledger entries; 0 for a card purchase.
     */
    paymentTerms: text('payment_terms')
      .$type<'card' | 'net15' | 'net30' | 'net45' | 'net60'>()
      .notNull()
      .default('card'),
    dueDate: date('due_date', { mode: 'string' }),
    amountDue: cents('amount_due').notNull().default(0),
    /** When a payment left nothing due of its invoice on account (null until then, and on a card's). */
    invoicePaidAt: timestamp('invoice_paid_at', { withTimezone: true }),
    /** When `invoice.overdue` was written for its invoice (issue 32): each is told of once. */
    overdueToldAt: timestamp('overdue_told_at', { withTimezone: true }),
    closedAs: text('closed_as').$type<'rejected' | 'cancelled'>(),
    rejectionReason: text('rejection_reason'),
    /** The quote it was accepted from (issue 31): at most one purchase a quote, by this index. */
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    quoteNumber: text('quote_number'),
    /**
     * Where its lines stand: `unpaid` while one is unpaid, `shipped` once every one has shipped,
     * `partially_shipped` once a piece has, else `paid`; null while it has no line. Kept by the
     * database itself (migration 0020's triggers on orders, whatever statement changes a line),
     * so the Overview counts purchases and a status filter finds them from an index instead of
     * grouping every line (purchase-serialize.ts statusOf says the same in TypeScript).
     */
    lineState: text('line_state').$type<'unpaid' | 'paid' | 'partially_shipped' | 'shipped'>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Its own changes and its lines' (migration 0020's trigger touches it once a transaction). */
    updatedAt: updatedAt(),
    /** What Manage All Orders' search reads of a purchase: PO number and company (searchText). */
    searchText: searchText(sql`coalesce(po_number, '') || E'\\n' || coalesce(company, '')`),
  },
  (t) => [
    index('purchases_user_id_seq_idx').on(t.userId, t.seq),
    // A buyer's program syncing its purchases (GET /purchases?updatedSince=).
    index('purchases_user_id_updated_at_idx').on(t.userId, t.updatedAt, t.id),
    index('purchases_company_id_seq_idx').on(t.companyId, t.seq),
    // The sweep for purchases nobody approved within APPROVAL_DAYS reads only those waiting.
    index('purchases_awaiting_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.awaitingLines} is not null and ${t.closedAs} is null`),
    // Each purchase counts the buyer's waiting ones (workflows/buying/steps.ts lockBuyers): read
    // from this index alone, not from every purchase the buyer ever made.
    index('purchases_awaiting_user_id_idx')
      .on(t.userId)
      .where(sql`${t.awaitingLines} is not null and ${t.closedAs} is null`),
    index('purchases_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A quote is accepted once: a second purchase of it cannot be written, whatever raced.
    uniqueIndex('purchases_quote_id_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    // With what is due, so the Overview tells paid from on account by the index alone.
    index('purchases_line_state_idx').on(t.lineState, t.amountDue),
    check(
      'purchases_payment_terms_check',
      sql`${t.paymentTerms} in ('card', 'net15', 'net30', 'net45', 'net60')`,
    ),
    check('purchases_amount_due_check', sql`${t.amountDue} >= 0`),
    // A company's open invoices on account, oldest due first: what a payment is allotted to.
    index('purchases_open_invoices_idx')
      .on(t.companyId, t.dueDate)
      .where(sql`${t.amountDue} > 0`),
  ],
);

/**
 * What part of a payment went to which invoice on account (issue 30 item 5, decision 045):
 * written with the payment's ledger entry, in its transaction, never changed (a trigger refuses
 * it, as on the ledger). An invoice's payments are its allocations; a payment's amount beyond
 * its allocations stays on the account as credit.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    seq: seq(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    /** Cents of the payment given to this invoice. */
    amount: cents('amount').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_allocations_purchase_id_idx').on(t.purchaseId),
    index('payment_allocations_entry_id_idx').on(t.entryId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A card payment of invoices on account (issue 30 item 5, decision 047): which invoices, for
 * how much each asked when it was started, and the gateway's intent that takes the money (its
 * `metadata.invoicePaymentId` names this row). `entry_id` is set once, in the transaction that
 * appends the payment to the ledger, so a payment settled by the browser and by Stripe's webhook
 * is booked once. A company has one open card payment at a time (the partial unique index): a
 * new one closes the one before (`closed_at`, its intent cancelled), so an invoice is never open
 * to two. `fingerprint` (the invoices and what each asked) finds the open one again.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The invoices (purchases on account) this payment is for, oldest due first. */
    invoiceIds: uuid('invoice_ids').array().notNull(),
    /** Cents: what the invoices asked together when the payment was started. */
    amount: cents('amount').notNull(),
    fingerprint: text('fingerprint').notNull(),
    intentId: text('intent_id').unique(),
    /** The ledger's payment entry, once the money arrived. */
    entryId: uuid('entry_id').references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** When a newer card payment replaced it and its intent was cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_payments_open_idx')
      .on(t.companyId)
      .where(sql`${t.entryId} is null and ${t.closedAt} is null`),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The reminders sent for invoices on account (issue 30 item 7, decision 050): one row per
 * invoice, kind and week, inserted by the sweep that queues the reminder's emails in the same
 * transaction. The primary key makes each reminder once, however many instances sweep at once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    /** before | due | overdue */
    kind: text('kind').$type<'before' | 'due' | 'overdue'>().notNull(),
    /** For `overdue`, the week past the due date it is for (1, 2, ...); 0 otherwise. */
    week: integer('week').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.kind, t.week] }),
    check('invoice_reminders_kind_check', sql`${t.kind} in ('before', 'due', 'overdue')`),
  ],
);

/**
 * The last invoice number given in each year. Taken with an upsert in the transaction that pays
 * the purchase: the row lock makes concurrent payments wait for each other, and a payment that
 * rolls back rolls its number back too, so the numbers of a year have no gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** CN-<year>-<5 digits> per calendar year, gapless like invoice_counters (issue 29). */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** One credited line of a credit note: what of an order it gives back, in cents. */
export interface CreditNoteLineRow {
  orderId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  /** Net goods credited: quantity times the unit price. */
  net: number;
  /** The part of the line's shipping share credited. */
  shipping: number;
  /** The tax credited, at the purchase's rate. */
  tax: number;
}

/**
 * A credit note (issue 29 item 5, DESIGN section 9): reverses all or part of a paid purchase's
 * invoice, with the purchase's tax treatment, and refunds the card through the gateway. Written
 * once, never changed but for the refund's outcome.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    seq: seq(),
    number: text('number').notNull().unique(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditNoteLineRow[]>().notNull(),
    subtotal: cents('subtotal').notNull(),
    shipping: cents('shipping').notNull(),
    tax: cents('tax').notNull(),
    total: cents('total').notNull(),
    /** The gateway's refund id once the card was refunded; null while pending or for none. */
    refundId: text('refund_id'),
    refundStatus: text('refund_status').$type<'pending' | 'refunded' | 'failed' | 'none'>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_purchase_id_idx').on(t.purchaseId, t.seq),
    check(
      'credit_notes_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.subtotal} + ${t.shipping} + ${t.tax}`,
    ),
  ],
);

/**
 * Emails to send, written in the same transaction as the change they tell about, so an
 * acknowledged order always gets its email even when the mail server is down: the mail worker
 * sends them and retries failures with a growing delay (DESIGN section 8).
 */
export const emailJobs = pgTable('email_jobs', {
  id: id(),
  seq: seq(),
  /** order-placed | payment-receipt | shipped */
  kind: text('kind').notNull(),
  to: text('to').notNull(),
  /** What the template needs besides what it reads from the database (the purchase id, ...). */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  /** The log of its sending (the job system of kernel/jobs.ts decides when it is tried). */
  attempts: integer('attempts').notNull().default(0),
  /**
   * Read only by releases before the job system (decision 056): kept so an instance of such a
   * release still writes emails while the next one migrates; a later contract step drops it.
   */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

/**
 * The shop's one job system (issue 32, docs/decisions/056): what runs after a change commits,
 * or on a schedule, claimed by one instance at a time with a lease and retried with backoff.
 * Written in the change's transaction, so an acknowledged change's work is never lost.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    seq: seq(),
    /** email | webhook | schedule: the handler that runs it. */
    queue: text('queue').notNull(),
    /** The email's kind, the event's type, the scheduled task's name: what an admin reads. */
    kind: text('kind').notNull(),
    /** The row it works on (an email of email_jobs, a delivery of webhook_deliveries). */
    ref: uuid('ref'),
    /** Jobs of one queue and key run one at a time, in the order they were written. */
    orderKey: text('order_key'),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    /** Claims so far: a claim counts, so a job that kills its instance is not tried forever. */
    attempts: integer('attempts').notNull().default(0),
    /** When it is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a runner has it: when that runner's claim ends (it is run again after, if pending). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Where its queue's window of retries starts: when written, or when an admin retried it. */
    triesFrom: timestamp('tries_from', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim walks this in order and stops at its batch.
    index('jobs_due_idx')
      .on(t.queue, t.runAt, t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('jobs_order_idx')
      .on(t.queue, t.orderKey, t.seq)
      .where(sql`${t.state} = 'pending' and ${t.orderKey} is not null`),
    index('jobs_ref_idx').on(t.ref),
    index('jobs_failed_idx')
      .on(t.seq)
      .where(sql`${t.state} = 'failed'`),
    index('jobs_finished_at_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'done'`),
    // A scheduled task has one occurrence waiting, whichever instance wrote it.
    uniqueIndex('jobs_schedule_idx')
      .on(t.kind)
      .where(sql`${t.queue} = 'schedule' and ${t.state} = 'pending'`),
    // The same for backups, a queue of their own (ops/scheduled-backups.ts).
    uniqueIndex('jobs_backup_idx')
      .on(t.kind)
      .where(sql`${t.queue} = 'backup' and ${t.state} = 'pending'`),
    check('jobs_state_check', sql`${t.state} in ('pending', 'done', 'failed')`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    seq: seq(),
    /** Kept when a product is deleted: the order carries its own copy of name, image and text. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The company its purchase was bought for, copied as the purchase number is (it never
     * changes), so the Overview ranks companies from orders_paid_at_idx alone, without joining
     * every purchase of the period (decision 042).
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents per piece, as priced when the order was placed. */
    unitPrice: cents('unit_price').notNull(),
    /** The total in cents: quantity times the unit price at the time of ordering. */
    price: cents('price').notNull(),
    /**
     * The line's share of its purchase's shipping, in cents (issue 29): the purchase's charge is
     * spread over its lines by value, so each line is paid, cancelled and refunded whole.
     */
    shippingCharge: cents('shipping_charge').notNull().default(0),
    /** The line's tax in cents: its own and its shipping share's (issue 29). */
    tax: cents('tax').notNull().default(0),
    /** The purchase this order is a line of; its number is copied (it never changes). */
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    purchaseNumber: text('purchase_number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    number: text('number').notNull(),
    address: text('address').notNull(),
    paid: boolean('paid').notNull().default(false),
    /** SPEC's flag: true once every piece of the line has shipped (shipped_quantity = quantity). */
    shipping: boolean('shipping').notNull().default(false),
    /**
     * Pieces of the line shipped so far: the sum of its shipment_lines, kept on the line so a
     * shipment's check ("no more than is left") is one conditional statement (decision 030).
     */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    transactionId: text('transaction_id'),
    /**
     * The gateway's payment intent that pays this order: its own (POST /create-payment-intent
     * with `orderId`) or its purchase's, shared by every line it pays (`purchaseId`). Reused
     * until cancelled, so an order never has two intents that could both take money.
     */
    paymentIntentId: text('payment_intent_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Paid through the sandbox gateway (a Stripe test card): no money moved. */
    testPayment: boolean('test_payment').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When this unpaid order's stock hold ends (ORDER_HOLD_HOURS after it was placed) and the
     * sweeper cancels it. Null once it is paid: a paid order holds nothing.
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** What Manage All Orders' search reads of an order: customer, email, product, purchase. */
    searchText: searchText(
      sql`name || E'\\n' || email || E'\\n' || product_name || E'\\n' || purchase_number`,
    ),
  },
  (t) => [
    check('orders_quantity_check', sql`${t.quantity} >= 1`),
    check('orders_price_check', sql`${t.price} >= 0`),
    check('orders_charges_check', sql`${t.shippingCharge} >= 0 and ${t.tax} >= 0`),
    check(
      'orders_shipped_quantity_check',
      sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity} and ${t.shipping} = (${t.shippedQuantity} = ${t.quantity})`,
    ),
    index('orders_user_id_idx').on(t.userId),
    index('orders_purchase_id_idx').on(t.purchaseId),
    index('orders_payment_intent_id_idx').on(t.paymentIntentId),
    // Manage All Orders pages newest first.
    index('orders_seq_idx').on(t.seq),
    // The ERP syncing orders by change time (GET /admin/orders?updatedSince=).
    index('orders_updated_at_idx').on(t.updatedAt, t.id),
    // The hold sweeper looks for unpaid orders whose hold has ended; the quantity lets the
    // Overview sum the pieces unpaid orders hold from the index alone.
    index('orders_paid_hold_expires_at_idx').on(t.paid, t.holdExpiresAt, t.quantity),
    index('orders_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The Overview's revenue, top products and customers read the paid orders of a period:
    // from the index alone (an index-only scan), as it carries every column they sum, count or
    // group (shipping, tax, the purchase and its company since issues 28 and 29).
    index('orders_paid_at_idx')
      .on(
        t.paidAt,
        t.price,
        t.quantity,
        t.shippingCharge,
        t.tax,
        t.purchaseId,
        t.companyId,
        t.productId,
        t.productName,
        t.email,
      )
      .where(sql`${t.paid} = true`),
    // The Overview counts shipped orders from this index alone.
    index('orders_shipped_at_idx')
      .on(t.shippedAt)
      .where(sql`${t.shipping} = true`),
  ],
);

/**
 * A parcel: what the admin shipped of one purchase at once, with its carrier and tracking
 * number (PUT /purchase/{id}/ship, or SPEC's PUT /shipping/{id} for one line). Its lines say how
 * many pieces of which order went in it; one shipment is one "has shipped" email (decision 030).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    seq: seq(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The admin who shipped it (an email, like the audit log); null for lines shipped before shipments were kept. */
    shippedBy: text('shipped_by'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_purchase_id_idx').on(t.purchaseId)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderId] }),
    index('shipment_lines_order_id_idx').on(t.orderId),
    check('shipment_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * The sandbox gateway's payment intents (used when STRIPE_SECRET_KEY is unset). In the database,
 * not in memory, so an intent survives a restart and every instance sees the same one. Card
 * numbers are never stored: only the outcome of a confirmation.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    /** `pi_` and 24 letters and digits, as Stripe's ids look. */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    /** Like Stripe's Idempotency-Key: asking twice for one order gives the same intent. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** In cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The order the intent pays, or the purchase whose unpaid lines it pays: one of the three. */
    orderId: uuid('order_id'),
    purchaseId: uuid('purchase_id'),
    /** Or the card payment of invoices on account it takes (invoice_payments). */
    invoicePaymentId: uuid('invoice_payment_id'),
    /** requires_payment_method | succeeded | canceled */
    status: text('status').notNull().default('requires_payment_method'),
    /** The code of the last declined confirmation (card_declined, expired_card, ...). */
    lastError: text('last_error'),
    /** Cents given back (a payment for an order that no longer exists). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_payment_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'succeeded', 'canceled')`,
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    seq: seq(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    rating: integer('rating').notNull(),
    /** Spelt as SPEC spells it. */
    discription: text('discription').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 0 and 5`),
    // The daily review limit counts a customer's reviews of the last day.
    index('reviews_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every admin action, for the books: who (kept by email when the admin is later removed), what,
 * to whom, when. Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    seq: seq(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. user.promote, user.remove, product.create, product.update, product.delete, order.delete, order.ship, review.delete */
    action: text('action').notNull(),
    /** The kind of thing acted on: user, product, order, review. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** A readable name of the target at the time (an email, a product name), kept after it is gone. */
    targetLabel: text('target_label').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_seq_idx').on(t.seq)],
);

/**
 * API keys (issue 32, docs/decisions/053): a program acts as the person who made the key, within
 * its scopes. Only a SHA-256 of the secret is kept (a random 32-byte secret needs no slow hash);
 * `prefix` tells keys apart on the pages. A revoked key keeps its row, for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    seq: seq(),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Hex SHA-256 of the whole secret ("pk_live_..."): what a request's key is looked up by. */
    secretHash: text('secret_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    /** The company an owner's key buys for; null for an admin's key. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Who made it: the key acts as them, while they still may (admin, or the company's owner). */
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    index('api_keys_company_id_seq_idx').on(t.companyId, t.seq),
    index('api_keys_seq_idx').on(t.seq),
  ],
);

/**
 * Webhook subscriptions (issue 32, docs/decisions/054): a URL and the events it gets, a
 * company's (its owner's) or, with `company_id` null, an admin's for every company. The secret
 * signs each delivery, so it is kept as it is, like Stripe's endpoint secrets. Removing one
 * stamps `removed_at`: nothing more is sent, the delivery log stays.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: id(),
    seq: seq(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_subscriptions_company_id_seq_idx').on(t.companyId, t.seq)],
);

/**
 * One event to one subscription: written in the transaction of the change it tells of (so an
 * event is never lost, nor told of a change rolled back), then sent by the delivery worker
 * (workflows/webhooks/deliver.ts). `order_key` (the purchase, else the event) keeps one
 * purchase's events in order; `next_attempt_at` is both the retry time and the lease.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: seq(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    type: text('type').notNull(),
    /** The JSON text sent, `{ id, type, createdAt, data }`: the same bytes on every attempt. */
    // status .. delivered_at are the delivery's log; a job (kernel/jobs.ts) sends it.
    body: text('body').notNull(),
    orderKey: text('order_key').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_subscription_seq_idx').on(t.subscriptionId, t.seq),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * `Idempotency-Key` answers (DESIGN section 9; docs/decisions/025): one row per caller, endpoint
 * and key. The primary key decides a race: the first request inserts the row with `status` null
 * ("in progress"), any other with the same key finds it. The finished answer is kept with its
 * status and body for 24 hours; in the database, so every instance and a restart honour it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contract's method and path, e.g. `POST /order`. */
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the request's canonical JSON: its path parameters and body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    /** The answer's body exactly as it was sent (JSON text). */
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint, t.key] }),
    // Expired keys are deleted by age.
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Secrets the app makes for itself when the environment gives none (AUTH_SECRET). Kept in the
 * database, not on disk, so every instance on one PostgreSQL signs with the same key and a
 * restart keeps sessions and shop tokens valid.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Each backup the shop wrote (ops/backup.ts): by `npm run backup`, or on schedule into
 * BACKUP_DIR. The admin's Overview shows the last one; a failed one keeps its error.
 */
export const backups = pgTable(
  'backups',
  {
    id: id(),
    file: text('file').notNull(),
    /** `command` (npm run backup) or `schedule` (BACKUP_DIR). */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    pictures: integer('pictures'),
    error: text('error'),
  },
  (t) => [index('backups_finished_at_idx').on(t.finishedAt)],
);

/*
 * Better Auth's tables (user, session, account, verification, rateLimit), renamed with an
 * `auth_` prefix so they never clash with the shop's own `users`. The property names are the
 * field names Better Auth asks its Drizzle adapter for; the ids are Better Auth's own strings.
 * The shop links a Better Auth user to its `users` row by email (DESIGN section 4).
 */
const authTimestamp = (name: string) => timestamp(name, { withTimezone: true });

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  /** Stored uppercased (SPEC: "At signup the name is stored uppercased"). */
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: authTimestamp('created_at').notNull().defaultNow(),
  updatedAt: authTimestamp('updated_at').notNull().defaultNow(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: authTimestamp('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: authTimestamp('created_at').notNull().defaultNow(),
    updatedAt: authTimestamp('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: authTimestamp('access_token_expires_at'),
    refreshTokenExpiresAt: authTimestamp('refresh_token_expires_at'),
    scope: text('scope'),
    /** A scrypt hash, for the "credential" provider only. */
    password: text('password'),
    createdAt: authTimestamp('created_at').notNull().defaultNow(),
    updatedAt: authTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: authTimestamp('expires_at').notNull(),
    createdAt: authTimestamp('created_at').notNull().defaultNow(),
    updatedAt: authTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's rate-limit counters: one row per client address and path, shared by instances. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * US state sales tax rates (DESIGN section 9, docs/decisions/035), replaced whole by the admin.
 * A rate is kept in millionths (0.0725 is 72500): exact, as the tax engine computes with it.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    /** A US state code. */
    region: text('region').primaryKey(),
    rateMicros: integer('rate_micros').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_rates_rate_check', sql`${t.rateMicros} >= 0 AND ${t.rateMicros} < 1000000`),
    check('tax_rates_region_check', sql`${t.region} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A company's sales tax exemption certificate for one US state: sent by an owner, approved or
 * refused by an admin. Approved and not past `expires_on`, it exempts that company's purchases
 * shipped to that state.
 */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: id(),
    seq: seq(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    /** The last day it exempts. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The certificate's /uploads/ address. */
    file: text('file').notNull(),
    /** pending | approved | refused */
    status: text('status').notNull().default('pending'),
    /** The reviewing admin's email, kept when that admin is later removed. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tax_exemptions_status_check', sql`${t.status} in ('pending', 'approved', 'refused')`),
    check(
      'tax_exemptions_refused_reason_check',
      sql`${t.status} <> 'refused' OR ${t.reason} IS NOT NULL`,
    ),
    check(
      'tax_exemptions_reviewed_check',
      sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`,
    ),
    index('tax_exemptions_company_id_seq_idx').on(t.companyId, t.seq),
    index('tax_exemptions_status_seq_idx').on(t.status, t.seq),
  ],
);
