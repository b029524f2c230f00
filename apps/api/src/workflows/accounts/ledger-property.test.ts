import { api, toCents, type Account, type AccountInvoicePage, type Purchase } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { CONTACT } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  type Shopper,
} from '../../test-support/shop.js';

const { companies, purchases: purchaseApi } = api;

/** One thing that happens to a company's account; indexes pick among its invoices so far. */
type Step =
  | { kind: 'buy'; quantity: number }
  | { kind: 'pay'; cents: number; named: number | null }
  | { kind: 'credit'; invoice: number; quantity: number }
  | { kind: 'card'; invoices: number[] }
  | { kind: 'cancelled card purchase'; quantity: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('pay' as const),
    cents: fc.integer({ min: 1, max: 60_000 }),
    named: fc.option(fc.nat({ max: 9 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    invoice: fc.nat({ max: 9 }),
    quantity: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('card' as const),
    invoices: fc.uniqueArray(fc.nat({ max: 9 }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('cancelled card purchase' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
);

/** What the shop should hold, worked out by the rules of decisions 044 and 045. */
interface Model {
  invoices: { id: string; orderId: string; due: number; creditable: number }[];
  /** Money the company paid or was credited that no invoice took. */
  credit: number;
}

/**
 * The ledger's property (issue 30 item 4): whatever sequence of purchases on account, bank
 * transfers (to the oldest invoices or to one named), card payments of chosen invoices (decision
 * 047), credit notes and cancelled card purchases
 * a company goes through, every invoice asks what the rules say, the balance is the open
 * invoices' sum less the credit left over, and each entry's balance after is the running sum.
 */
describe.each(testDatabases())('the ledger under random sequences on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
    // $100.10 a piece: cents that do not divide evenly.
    productId = (await addProduct(t, { name: 'Odd-priced switch', price: 100.1, available: 1e6 }))
      ._id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function run(steps: Step[]) {
    const { owner, buyer, company } = await companyTeam(t, {
      spendingLimit: null,
      name: 'Property Ltd',
    });
    await answered(
      injectUnchecked(
        t,
        companies.putTerms,
        {
          params: { id: company._id },
          body: { paymentTerms: 'net45', creditLimit: null, onHold: false },
        },
        admin,
      ),
    );
    const model: Model = { invoices: [], credit: 0 };
    const checkout = (quantity: number, paymentMethod: 'card' | 'account') =>
      answered<Purchase>(
        injectUnchecked(
          t,
          purchaseApi.checkout,
          { body: { lines: [{ productId, quantity }], ...CONTACT, paymentMethod } },
          buyer,
        ),
        201,
      );
    for (const [index, next] of steps.entries()) {
      if (next.kind === 'buy') {
        const purchase = await checkout(next.quantity, 'account');
        model.invoices.push({
          id: purchase._id,
          orderId: purchase.orders[0]!._id,
          due: next.quantity * 10_010,
          creditable: next.quantity,
        });
      } else if (next.kind === 'pay') {
        const named = next.named === null ? undefined : model.invoices[next.named];
        await answered(
          injectUnchecked(
            t,
            companies.recordBankPayment,
            {
              params: { id: company._id },
              body: {
                amount: next.cents / 100,
                reference: `Transfer ${index}`,
                receivedOn: '2026-11-27',
                ...(named ? { invoiceIds: [named.id] } : {}),
              },
            },
            admin,
          ),
          201,
        );
        let left = next.cents;
        for (const invoice of named ? [named] : model.invoices) {
          const take = Math.min(left, invoice.due);
          invoice.due -= take;
          left -= take;
        }
        model.credit += left;
      } else if (next.kind === 'credit') {
        const invoice = model.invoices[next.invoice];
        if (!invoice || invoice.creditable < next.quantity) continue;
        await answered(
          injectUnchecked(
            t,
            api.creditNotes.create,
            {
              params: { id: invoice.id },
              body: {
                lines: [{ orderId: invoice.orderId, quantity: next.quantity }],
                reason: `Returned at step ${index}`,
              },
            },
            admin,
          ),
          201,
        );
        invoice.creditable -= next.quantity;
        const total = next.quantity * 10_010;
        const applied = Math.min(total, invoice.due);
        invoice.due -= applied;
        model.credit += total - applied;
      } else if (next.kind === 'card') {
        // The owner pays the named invoices that still ask something, by card, in one payment.
        const chosen = next.invoices.flatMap((i) => {
          const invoice = model.invoices[i];
          return invoice && invoice.due > 0 ? [invoice] : [];
        });
        if (chosen.length === 0) continue;
        const intent = await answered<{ clientSecret: string }>(
          injectUnchecked(
            t,
            api.payments.createIntent,
            { body: { invoiceIds: chosen.map((invoice) => invoice.id) } },
            owner,
          ),
        );
        expect((await confirmSandbox(t, intent.clientSecret)).statusCode).toBe(200);
        await answered(
          injectUnchecked(
            t,
            companies.payInvoices,
            {
              params: { id: company._id },
              body: { transactionId: intentIdOf(intent.clientSecret) },
            },
            owner,
          ),
        );
        for (const invoice of chosen) invoice.due = 0;
      } else {
        // A card purchase cancelled before it was paid: nothing of it reaches the ledger.
        const purchase = await checkout(next.quantity, 'card');
        await answered(
          injectUnchecked(t, api.orders.cancel, { params: { id: purchase.orders[0]!._id } }, buyer),
        );
      }
    }

    const invoices = await answered<AccountInvoicePage>(
      injectUnchecked(
        t,
        companies.invoices,
        { params: { id: company._id }, query: { limit: '100' } },
        admin,
      ),
    );
    const due = new Map(invoices.items.map((invoice) => [invoice._id, toCents(invoice.amountDue)]));
    expect(due).toEqual(new Map(model.invoices.map((invoice) => [invoice.id, invoice.due])));
    const account = await answered<Account>(
      injectUnchecked(t, companies.account, { params: { id: company._id } }, admin),
    );
    const open = model.invoices.reduce((sum, invoice) => sum + invoice.due, 0);
    expect(toCents(account.balance)).toBe(open - model.credit);
    const entries = await t.db
      .select({ amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, company._id))
      .orderBy(asc(ledgerEntries.seq));
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.balanceAfter).toBe(running);
    }
    expect(running).toBe(open - model.credit);
  }

  it('keeps every invoice, the balance and the running sums as the rules say', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), run), {
      numRuns: 12,
    });
  });
});
