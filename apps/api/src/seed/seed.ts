import { randomInt } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatAddress,
  fromCents,
  postalAddressSchema,
  companyInputSchema,
  locationInputSchema,
  contractPriceInputSchema,
  memberInputSchema,
  productInputSchema,
  reviewInputSchema,
  shippingMethodsPutSchema,
  termsInputSchema,
  quoteAcceptSchema,
  quoteOfferSchema,
  quoteRequestSchema,
} from '@shop/shared';
import { inArray } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { countProducts, createProduct } from '../modules/catalog/service.js';
import { createLocation } from '../modules/companies/locations.js';
import { putPrice } from '../modules/companies/prices.js';
import { acceptInvitation } from '../modules/companies/invitations.js';
import { createCompany, putMember } from '../modules/companies/service.js';
import { setTerms } from '../modules/companies/terms.js';
import { createReview } from '../modules/reviews/service.js';
import {
  addShippingMethods,
  methodRows as shippingMethodRows,
} from '../modules/shipping/service.js';
import {
  countAccounts,
  findShopUserByEmail,
  markEmailVerified,
  upsertShopUser,
} from '../modules/users/service.js';
import { companyLocations, products } from '../db/schema.js';
import { acceptQuote } from '../workflows/quotes/accept.js';
import { offerQuote, requestQuote } from '../workflows/quotes/negotiate.js';
import { lineCharge } from '../db/line-charge.js';
import type { OrderContext } from '../modules/orders/context.js';
import { placePurchase } from '../workflows/buying/place-purchase.js';
import { recordBankPayment } from '../workflows/accounts/payments.js';
import { seedTaxRates } from '../modules/tax/rates.js';
import {
  demoCompany,
  demoProducts,
  demoReviews,
  demoShippingMethods,
  demoUsers,
} from './seed-data.js';

export interface DemoAccount {
  role: 'admin' | 'customer';
  email: string;
  password: string;
}

export interface SeedOptions {
  /**
   * The shop's buying context: with it, the demo company also gets its invoices on account,
   * bought and paid through the same workflows as the pages use.
   */
  orders?: OrderContext;
  /**
   * `fixed`: the README's published passwords (development and tests). `random`: passwords made
   * now, answered once and written to `DEMO_ACCOUNTS_FILE` in `dataDir`, so that a shop put on
   * the internet as it comes has no account anyone can sign in to.
   */
  demoPasswords: 'random' | 'fixed';
  /** Where the demo-accounts file goes (`random` only). */
  dataDir?: string;
}

export interface SeedResult {
  seeded: boolean;
  products: number;
  reviews: number;
  users: number;
  /** Shipping methods added by this call (with the catalogue, on the first start). */
  shippingMethods: number;
  /** 1 when the demo company was made by this call. */
  companies: number;
  /** The demo company's invoices on account made by this call. */
  invoices: number;
  /** The demo company's quotes made by this call. */
  quotes: number;
  /** The accounts made by this call, with their passwords: empty when there were accounts. */
  accounts: DemoAccount[];
  /** The file the random passwords were written to, if any. */
  accountsFile?: string;
}

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

/** Letters and digits that cannot be misread (no 0/O, 1/l/I) when typed from the log. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const PASSWORD_SYMBOLS = '!@#$%^&*';

/**
 * 16 characters that pass SPEC's password rule (letters, digits and one of !@#$%^&*, at least one
 * digit and one symbol): 14 random from 57 letters and digits, about 80 bits, then a symbol and a
 * digit at random.
 */
export function randomDemoPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const body = Array.from({ length: 14 }, () => pick(PASSWORD_ALPHABET)).join('');
  return `${body}${pick(PASSWORD_SYMBOLS)}${pick('23456789')}`;
}

/**
 * Fills an empty shop with the demo catalogue and reviews, and an empty account list with the
 * demo admin and customers and their company, through the same service functions, schemas and
 * Better Auth calls the API uses. A database that has products (or accounts) keeps them, so a
 * restart never duplicates or overwrites data.
 */
export async function seedDemoData(
  db: Db,
  auth: Auth,
  options: SeedOptions = { demoPasswords: 'fixed' },
): Promise<SeedResult> {
  const catalogue = await seedCatalogue(db);
  // The first start (an empty catalogue) also gets 2026 state rates; an admin's table, even an
  // emptied one, is never touched again.
  if (catalogue.products > 0) await seedTaxRates(db);
  const accounts = await seedDemoUsers(db, auth, options.demoPasswords);
  const companies = accounts.length > 0 ? await seedDemoCompany(db) : 0;
  const invoices = companies > 0 && options.orders ? await seedDemoInvoices(options.orders) : 0;
  const quotes = companies > 0 && options.orders ? await seedDemoQuotes(options.orders) : 0;
  const accountsFile =
    accounts.length > 0 && options.demoPasswords === 'random' && options.dataDir
      ? await writeDemoAccounts(options.dataDir, accounts)
      : undefined;
  return {
    seeded: catalogue.products > 0 || accounts.length > 0,
    ...catalogue,
    users: accounts.length,
    companies,
    invoices,
    quotes,
    accounts,
    ...(accountsFile ? { accountsFile } : {}),
  };
}

async function seedCatalogue(db: Db) {
  if ((await countProducts(db)) > 0) return { products: 0, reviews: 0, shippingMethods: 0 };
  return db.transaction(async (tx) => {
    // The catalogue lists the newest product first, so the list is added from its end: the
    // shop then shows the demo products in the order seed-data.ts gives them.
    for (const product of [...demoProducts].reverse()) {
      await createProduct(tx, productInputSchema.parse(product));
    }
    for (const review of demoReviews) {
      const { rating, discription } = reviewInputSchema.parse(review);
      await createReview(tx, { name: review.name, email: review.email, rating, discription });
    }
    // The ways to ship, with the first catalogue only: a shop whose admin removed them all keeps none.
    const shippingMethods = (await shippingMethodRows(tx)).length
      ? 0
      : await addShippingMethods(
          tx,
          shippingMethodsPutSchema.parse({ methods: demoShippingMethods }).methods,
        );
    return { products: demoProducts.length, reviews: demoReviews.length, shippingMethods };
  });
}

/**
 * Signs the demo users up exactly as the signup form does: same rules, same hashing. Their
 * addresses count as verified: the shop made them itself, and the demo admin must be an admin
 * from the first sign-in (admin rights need a verified address).
 */
async function seedDemoUsers(
  db: Db,
  auth: Auth,
  passwords: SeedOptions['demoPasswords'],
): Promise<DemoAccount[]> {
  if ((await countAccounts(db)) > 0) return [];
  const accounts: DemoAccount[] = [];
  for (const demo of demoUsers) {
    const password = passwords === 'random' ? randomDemoPassword() : demo.password;
    await auth.api.signUpEmail({ body: { name: demo.name, email: demo.email, password } });
    await markEmailVerified(db, demo.email);
    await upsertShopUser(db, demo.email, { admin: demo.admin });
    accounts.push({ role: demo.admin ? 'admin' : 'customer', email: demo.email, password });
  }
  return accounts;
}

/**
 * The demo company, made as its owner and the shop's admin make one over the API: the owner
 * creates it, adds its ship-to locations and invites the colleagues, who accept (their addresses being verified: the seed
 * says yes for them, so the demo company starts with its members active; the invitation email
 * is then not sent, as for any invitation answered before it went out), the admin sets the contract prices
 * and the company's payment terms and credit limit (audited).
 * Only on the start that made the demo accounts, so a restart never makes it twice and a shop
 * in use never gains it; prices only for the demo part numbers the catalogue has.
 */
async function seedDemoCompany(db: Db): Promise<number> {
  const owner = await findShopUserByEmail(db, demoCompany.owner);
  const admin = await findShopUserByEmail(db, demoUsers.find((demo) => demo.admin)!.email);
  if (!owner || !admin) return 0;
  await db.transaction(async (tx) => {
    const company = await createCompany(tx, owner, companyInputSchema.parse(demoCompany.company));
    for (const { email, role, spendingLimit } of demoCompany.members) {
      const member = memberInputSchema.parse({ role, spendingLimit });
      await putMember(tx, owner, company._id, email, member);
      // The demo colleagues have said yes: they are members, as accepting makes them.
      const colleague = await findShopUserByEmail(tx, email);
      if (colleague) await acceptInvitation(tx, colleague, company._id);
    }
    for (const location of demoCompany.locations)
      await createLocation(tx, owner, company._id, locationInputSchema.parse(location));
    const skus = demoCompany.prices.map(({ sku }) => sku);
    const found = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, skus));
    const idOf = new Map(found.map((product) => [product.sku, product.id]));
    for (const { sku, price } of demoCompany.prices) {
      const productId = idOf.get(sku);
      if (!productId) continue;
      await putPrice(
        tx,
        admin,
        company._id,
        productId,
        contractPriceInputSchema.parse({ price }).price,
      );
    }
    await setTerms(tx, admin, company._id, termsInputSchema.parse(demoCompany.terms));
  });
  return 1;
}

/**
 * The demo company's invoices on account (issue 30): its approver buys on account through the
 * one way to buy, as the cart does, and the admin records a bank transfer that pays the first
 * one, as the company's admin page does; the others stay open.
 */
async function seedDemoInvoices(ctx: OrderContext): Promise<number> {
  const buyer = await findShopUserByEmail(ctx.db, demoCompany.buyerOnAccount);
  const admin = await findShopUserByEmail(ctx.db, demoUsers.find((demo) => demo.admin)!.email);
  if (!buyer || !admin) return 0;
  const skus = demoCompany.accountPurchases.map(({ sku }) => sku);
  const found = await ctx.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  const idOf = new Map(found.map((product) => [product.sku, product.id]));
  const goodsIn = postalAddressSchema.parse(demoCompany.locations[0].address);
  const placed = [];
  for (const { sku, quantity, poNumber } of demoCompany.accountPurchases) {
    const productId = idOf.get(sku);
    if (!productId) continue;
    const { purchase, lines } = await placePurchase(ctx, buyer, {
      lines: [{ productId, quantity }],
      phone: '+49 711 400 5000',
      address: formatAddress(goodsIn),
      shipTo: goodsIn,
      poNumber,
      company: null,
      taxId: null,
      taxExempt: false,
      shippingMethodId: null,
      paymentMethod: 'account',
    });
    placed.push({ purchase, total: lines.reduce((sum, line) => sum + lineCharge(line), 0) });
  }
  const [first] = placed;
  const companyId = first?.purchase.companyId;
  if (first && companyId) {
    await recordBankPayment(ctx.db, admin, companyId, {
      amount: fromCents(first.total),
      reference: demoCompany.transfer.reference,
      receivedOn: new Date().toISOString().slice(0, 10),
      invoiceIds: [first.purchase.id],
    });
  }
  return placed.length;
}

/**
 * The demo company's quotes (issue 31), through the quotes' own workflow as the pages call it:
 * the owner asks for each, for the first ship-to location; the admin offers; the owner accepts
 * the second on account.
 */
async function seedDemoQuotes(ctx: OrderContext): Promise<number> {
  const owner = await findShopUserByEmail(ctx.db, demoCompany.owner);
  const admin = await findShopUserByEmail(ctx.db, demoUsers.find((demo) => demo.admin)!.email);
  if (!owner || !admin) return 0;
  const skus = demoCompany.quotes.flatMap((quote) => quote.lines.map((line) => line.sku));
  const found = await ctx.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  const idOf = new Map(found.map((product) => [product.sku, product.id]));
  const [location] = await ctx.db
    .select({ id: companyLocations.id })
    .from(companyLocations)
    .orderBy(companyLocations.seq)
    .limit(1);
  let made = 0;
  for (const demo of demoCompany.quotes) {
    if (!demo.lines.every((line) => idOf.has(line.sku))) continue;
    const asked = await requestQuote(
      ctx.db,
      owner,
      quoteRequestSchema.parse({
        lines: demo.lines.map(({ sku, quantity, targetPrice }) => ({
          productId: idOf.get(sku),
          quantity,
          targetPrice,
        })),
        message: demo.message,
        ...(location ? { locationId: location.id } : {}),
      }),
    );
    await offerQuote(
      ctx.db,
      admin,
      asked._id,
      quoteOfferSchema.parse({
        lines: demo.offer.map(({ sku, unitPrice }) => ({
          productId: idOf.get(sku),
          quantity: demo.lines.find((line) => line.sku === sku)!.quantity,
          unitPrice,
        })),
        expiresAt: new Date(Date.now() + demo.validDays * 86_400_000).toISOString(),
        note: demo.note,
      }),
    );
    if (demo.accept) {
      await acceptQuote(
        ctx,
        owner,
        asked._id,
        quoteAcceptSchema.parse({ number: '+49 711 400 5000', paymentMethod: 'account' }),
      );
    }
    made += 1;
  }
  return made;
}

/** `DATA_DIR/demo-accounts.txt`, readable by the shop's own user only (mode 600). */
async function writeDemoAccounts(dataDir: string, accounts: DemoAccount[]): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
  const lines = [
    `# Demo accounts made at the shop's first start, ${new Date().toISOString()}.`,
    '# Sign in with them, change the passwords (or remove the accounts), then delete this file.',
    '# role\temail\tpassword',
    ...accounts.map(({ role, email, password }) => `${role}\t${email}\t${password}`),
  ];
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file; an old one may have been made readable.
  await chmod(file, 0o600);
  return file;
}

/** Reads a demo-accounts file back (the e2e tests and scripts sign in with it). */
export function parseDemoAccounts(text: string): DemoAccount[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [role, email, password] = line.split('\t');
      if ((role !== 'admin' && role !== 'customer') || !email || !password) {
        throw new Error(`Not a demo-accounts line: ${line}`);
      }
      return { role, email, password };
    });
}
