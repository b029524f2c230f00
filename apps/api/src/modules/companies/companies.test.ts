import {
  api,
  companyAnswerSchema,
  companyMessages,
  productSchema,
  purchaseSchema,
  type ApiErrorBody,
  type Company,
  type Purchase,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import { newUser } from '../../test-support/identity.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };
const { companies } = api;

/** Company accounts (issue 15): members, roles, spending limits with approval, contract prices. */
describe.each(testDatabases())('companies on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const verified = (name = 'Pat Buyer') => shopper(t, { name }, { verified: true });
  const create = (who: Shopper, name = 'Acme Components Ltd') =>
    injectUnchecked(
      t,
      companies.create,
      { body: { name, taxId: 'GB123456789', billingAddress: '1 Billing Street, Leeds' } },
      who,
    );
  const putMember = (who: Shopper, id: string, email: string, body: object) =>
    injectUnchecked(t, companies.putMember, { params: { id, email }, body }, who);
  const checkout = (who: Shopper, lines: { productId: string; quantity: number }[]) =>
    injectUnchecked(t, api.purchases.checkout, { body: { lines, ...contact } }, who);

  /** A company owned by a new verified customer, with a buyer (limit given) and an approver. */
  async function team(limit: number | null) {
    const [owner, buyer, approver] = await Promise.all([
      verified('Olive Owner'),
      verified('Bea Buyer'),
      verified('Abe Approver'),
    ]);
    const company = await answered<Company>(create(owner), 201);
    await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit: limit });
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    return { owner, buyer, approver, company };
  }

  describe('companies and members', () => {
    it('makes the creator its owner; one company per customer; strangers see nothing', async () => {
      const owner = await verified();
      const company = companyAnswerSchema.strict().parse(await answered(create(owner), 201));
      expect(company.members).toEqual([
        {
          email: owner.email,
          role: 'owner',
          spendingLimit: null,
          status: 'active',
          name: 'PAT BUYER',
          spentThisMonth: 0,
        },
      ]);
      expect(company).toMatchObject({ name: 'Acme Components Ltd', taxId: 'GB123456789' });
      const again = await create(owner, 'Second Ltd');
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiErrorBody>().message).toBe(companyMessages.alreadyMember);
      expect((await answered<Company>(injectUnchecked(t, companies.mine, {}, owner)))._id).toBe(
        company._id,
      );

      const stranger = await verified();
      for (const call of [
        injectUnchecked(t, companies.get, { params: { id: company._id } }, stranger),
        injectUnchecked(t, companies.purchases, { params: { id: company._id } }, stranger),
        injectUnchecked(t, companies.prices, { params: { id: company._id } }, stranger),
        putMember(stranger, company._id, stranger.email, { role: 'owner' }),
        injectUnchecked(
          t,
          companies.update,
          { params: { id: company._id }, body: { name: 'Mine' } },
          stranger,
        ),
      ]) {
        const answer = await call;
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.body).not.toContain(owner.email);
      }
      expect((await injectUnchecked(t, companies.mine, {}, stranger)).statusCode).toBe(404);
      // The shop's admins may read it.
      expect(
        (
          await answered<Company>(
            injectUnchecked(t, companies.get, { params: { id: company._id } }, boss),
          )
        ).name,
      ).toBe('Acme Components Ltd');
    });

    it('an invitation joins nobody: the invitee accepts, signed in with the address verified', async () => {
      const owner = await verified();
      const company = await answered<Company>(create(owner), 201);
      const colleague = await verified('Cole League');
      const later = newUser();
      await answered(
        putMember(owner, company._id, colleague.email, { role: 'buyer', spendingLimit: 5000 }),
      );
      const invited = await answered<Company>(
        putMember(owner, company._id, later.email.toUpperCase(), { role: 'approver' }),
      );
      expect(invited.members.map((m) => [m.email, m.role, m.status, m.spendingLimit])).toEqual([
        [owner.email, 'owner', 'active', null],
        [later.email, 'approver', 'invited', null],
        [colleague.email, 'buyer', 'invited', 5000],
      ]);
      expect((await injectUnchecked(t, companies.mine, {}, colleague)).statusCode).toBe(404);
      const accepted = await answered<Company>(
        injectUnchecked(
          t,
          companies.acceptInvitation,
          { params: { companyId: company._id } },
          colleague,
        ),
      );
      expect(accepted.members.find((m) => m.email === colleague.email)?.status).toBe('active');
      expect((await answered<Company>(injectUnchecked(t, companies.mine, {}, colleague)))._id).toBe(
        company._id,
      );

      // Signing up with the address is not enough: it must be verified, and then accepted.
      const unverified = await shopper(t, later, { verified: false });
      const early = await injectUnchecked(
        t,
        companies.acceptInvitation,
        { params: { companyId: company._id } },
        unverified,
      );
      expect(early.statusCode).toBe(403);
      expect(early.json<ApiErrorBody>().message).toBe(companyMessages.verifyFirst);
      const { markEmailVerified } = await import('../users/service.js');
      await markEmailVerified(t.db, later.email);
      expect((await injectUnchecked(t, companies.mine, {}, unverified)).statusCode).toBe(404);
      await answered(
        injectUnchecked(
          t,
          companies.acceptInvitation,
          { params: { companyId: company._id } },
          unverified,
        ),
      );
      const joined = await answered<Company>(injectUnchecked(t, companies.mine, {}, unverified));
      expect(joined.members.find((m) => m.email === later.email)?.status).toBe('active');

      // Another company's member may be invited; accepting answers 409 while they belong to it.
      const elsewhere = await verified();
      await answered(create(elsewhere, 'Other Ltd'), 201);
      await answered(putMember(owner, company._id, elsewhere.email, { role: 'buyer' }));
      const taken = await injectUnchecked(
        t,
        companies.acceptInvitation,
        { params: { companyId: company._id } },
        elsewhere,
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json<ApiErrorBody>().message).toBe(companyMessages.leaveFirst);
    });

    it('only owners change members; the last owner cannot leave or step down; members may leave', async () => {
      const { owner, buyer, approver, company } = await team(null);
      const byBuyer = await putMember(buyer, company._id, approver.email, { role: 'owner' });
      expect(byBuyer.statusCode).toBe(403);
      expect(byBuyer.json<ApiErrorBody>().message).toBe(companyMessages.ownersOnly);
      const stepDown = await putMember(owner, company._id, owner.email, { role: 'buyer' });
      expect(stepDown.statusCode).toBe(409);
      expect(stepDown.json<ApiErrorBody>().message).toBe(companyMessages.lastOwner);
      const leave = await injectUnchecked(
        t,
        companies.removeMember,
        { params: { id: company._id, email: owner.email } },
        owner,
      );
      expect(leave.statusCode).toBe(409);
      // A buyer may not remove others, but may leave.
      expect(
        (
          await injectUnchecked(
            t,
            companies.removeMember,
            { params: { id: company._id, email: approver.email } },
            buyer,
          )
        ).statusCode,
      ).toBe(403);
      const left = await answered<Company>(
        injectUnchecked(
          t,
          companies.removeMember,
          { params: { id: company._id, email: buyer.email } },
          buyer,
        ),
      );
      expect(left.members.map((m) => m.email)).toEqual([owner.email, approver.email]);
      // With a second owner, the first may step down.
      await answered(putMember(owner, company._id, approver.email, { role: 'owner' }));
      const after = await answered<Company>(
        putMember(owner, company._id, owner.email, { role: 'buyer' }),
      );
      expect(after.members.find((m) => m.email === owner.email)?.role).toBe('buyer');
    });

    it('refuses bad input with messages and changes nothing', async () => {
      const owner = await verified();
      const company = await answered<Company>(create(owner), 201);
      for (const body of [
        { role: 'boss' },
        { role: 'buyer', spendingLimit: 12.505 },
        { role: 'buyer', spendingLimit: -1 },
        {},
      ]) {
        const answer = await putMember(owner, company._id, 'new@example.com', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await injectUnchecked(t, companies.create, { body: { name: '' } }, owner)).statusCode,
      ).toBe(400);
      const fresh = await answered<Company>(
        injectUnchecked(t, companies.get, { params: { id: company._id } }, owner),
      );
      expect(fresh.members).toHaveLength(1);
    });
  });

  describe('spending limits and approval', () => {
    it('a purchase up to the limit is ordinary; one cent of a dollar above waits, holding no stock', async () => {
      const { buyer, approver, company } = await team(1000);
      const product = await addProduct(t, { price: 100, available: 50 });
      const first = purchaseSchema.parse(
        await answered(checkout(buyer, [{ productId: product._id, quantity: 10 }]), 201),
      );
      expect(first.status).toBe('unpaid');
      expect(await availableOf(t, product._id)).toBe(40);

      const second = purchaseSchema
        .strict()
        .parse(await answered(checkout(buyer, [{ productId: product._id, quantity: 1 }]), 201));
      expect(second).toMatchObject({
        status: 'awaiting_approval',
        orders: [],
        total: 100,
        companyId: company._id,
      });
      expect(second.awaitingLines).toEqual([
        {
          productId: product._id,
          productName: product.name,
          img: product.img,
          quantity: 1,
          unitPrice: 100,
          price: 100,
          // This shop sets up no shipping and collects no tax.
          shippingCharge: 0,
          tax: 0,
        },
      ]);
      expect(await availableOf(t, product._id)).toBe(40);

      const members = (
        await answered<Company>(
          injectUnchecked(t, companies.get, { params: { id: company._id } }, approver),
        )
      ).members;
      const spendOf = members.find((m) => m.email === buyer.email);
      expect(spendOf?.status === 'active' && spendOf.spentThisMonth).toBe(1000);

      const waiting = await answered<{ items: Purchase[] }>(
        injectUnchecked(t, companies.approvals, {}, approver),
      );
      expect(waiting.items.map((p) => p._id)).toEqual([second._id]);
      expect((await injectUnchecked(t, companies.approvals, {}, buyer)).statusCode).toBe(403);
      expect(
        (await injectUnchecked(t, companies.approve, { params: { id: second._id } }, buyer))
          .statusCode,
      ).toBe(403);

      const approved = purchaseSchema.parse(
        await answered(
          injectUnchecked(t, companies.approve, { params: { id: second._id } }, approver),
        ),
      );
      expect(approved.status).toBe('unpaid');
      expect(approved.orders.map((o) => [o.quantity, o.unitPrice, o.price])).toEqual([
        [1, 100, 100],
      ]);
      expect(await availableOf(t, product._id)).toBe(39);
      expect(
        (
          await answered<{ items: Purchase[] }>(
            injectUnchecked(t, companies.approvals, {}, approver),
          )
        ).items,
      ).toEqual([]);
      const twice = await injectUnchecked(
        t,
        companies.approve,
        { params: { id: second._id } },
        approver,
      );
      expect(twice.statusCode).toBe(409);
      expect(twice.json<ApiErrorBody>().message).toBe(companyMessages.notAwaiting);
    });

    it('nobody approves their own purchase; a purchase whose stock went answers 409 and stays waiting; reject deletes it', async () => {
      const { owner, buyer, approver, company } = await team(0);
      // An approver with a limit of their own: their purchase needs someone else.
      await answered(
        putMember(owner, company._id, approver.email, { role: 'approver', spendingLimit: 0 }),
      );
      const product = await addProduct(t, { price: 30, available: 5 });
      const own = purchaseSchema.parse(
        await answered(checkout(approver, [{ productId: product._id, quantity: 2 }]), 201),
      );
      expect(own.status).toBe('awaiting_approval');
      const self = await injectUnchecked(
        t,
        companies.approve,
        { params: { id: own._id } },
        approver,
      );
      expect(self.statusCode).toBe(403);
      expect(self.json<ApiErrorBody>().message).toBe(companyMessages.ownPurchase);

      const big = purchaseSchema.parse(
        await answered(checkout(buyer, [{ productId: product._id, quantity: 5 }]), 201),
      );
      await answered(injectUnchecked(t, companies.approve, { params: { id: own._id } }, owner));
      expect(await availableOf(t, product._id)).toBe(3);
      const gone = await injectUnchecked(t, companies.approve, { params: { id: big._id } }, owner);
      expect(gone.statusCode).toBe(409);
      expect(gone.json<ApiErrorBody>().message).toBe(companyMessages.stockGone(product.name, 3));
      expect(await availableOf(t, product._id)).toBe(3);

      const reason = 'Order the 2 TB model instead.';
      const rejected = purchaseSchema.parse(
        await answered(
          injectUnchecked(
            t,
            companies.reject,
            { params: { id: big._id }, body: { reason } },
            approver,
          ),
        ),
      );
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: reason });
      // Kept with its status and reason for the buyer; it can be neither approved nor paid.
      const seen = await answered(
        injectUnchecked(t, api.purchases.get, { params: { id: big._id } }, buyer),
      );
      expect(seen).toMatchObject({ status: 'rejected', rejectionReason: reason });
      const again = await injectUnchecked(t, companies.approve, { params: { id: big._id } }, owner);
      expect(again.statusCode).toBe(409);
      const pay = await injectUnchecked(
        t,
        api.payments.createIntent,
        { body: { purchaseId: big._id } },
        buyer,
      );
      expect(pay.statusCode).toBe(409);
    });

    it('holds the month total under 20 concurrent purchases by one buyer', async () => {
      const { buyer } = await team(1000);
      const product = await addProduct(t, { price: 100, available: 1000 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          checkout(buyer, [{ productId: product._id, quantity: 1 }]),
        ),
      );
      const statuses = answers.map((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<Purchase>().status;
      });
      expect(statuses.filter((s) => s === 'unpaid')).toHaveLength(10);
      expect(statuses.filter((s) => s === 'awaiting_approval')).toHaveLength(10);
      expect(await availableOf(t, product._id)).toBe(990);
    });
  });

  describe('contract prices', () => {
    it('members pay the lower of the contract price and the tier price; only members see it', async () => {
      const { owner, buyer, company } = await team(null);
      const stranger = await verified();
      const product = await addProduct(t, {
        price: 100,
        available: 1000,
        priceTiers: [{ minQuantity: 100, price: 80 }],
      });
      const set = await injectUnchecked(
        t,
        companies.putPrice,
        { params: { id: company._id, productId: product._id }, body: { price: 90 } },
        boss,
      );
      expect(set.statusCode, set.body).toBe(200);
      expect(
        (
          await injectUnchecked(
            t,
            companies.putPrice,
            { params: { id: company._id, productId: product._id }, body: { price: 90 } },
            owner,
          )
        ).statusCode,
      ).toBe(403);

      const item = (who?: Shopper) =>
        injectUnchecked(t, api.catalog.get, { params: { id: product._id } }, who);
      expect(productSchema.parse((await item(buyer)).json()).contractPrice).toBe(90);
      expect((await item(buyer)).headers['cache-control']).toContain('private');
      expect(productSchema.parse((await item(stranger)).json()).contractPrice).toBeUndefined();
      expect(productSchema.parse((await item()).json()).contractPrice).toBeUndefined();
      const list = (await injectUnchecked(t, api.catalog.list, {}, buyer)).json<
        { _id: string; contractPrice?: number }[]
      >();
      expect(list.find((p) => p._id === product._id)?.contractPrice).toBe(90);

      const small = purchaseSchema.parse(
        await answered(checkout(buyer, [{ productId: product._id, quantity: 10 }]), 201),
      );
      expect(small.orders[0]).toMatchObject({ unitPrice: 90, price: 900 });
      const large = purchaseSchema.parse(
        await answered(checkout(buyer, [{ productId: product._id, quantity: 100 }]), 201),
      );
      expect(large.orders[0]).toMatchObject({ unitPrice: 80, price: 8000 });
      const outsider = purchaseSchema.parse(
        await answered(checkout(stranger, [{ productId: product._id, quantity: 10 }]), 201),
      );
      expect(outsider.orders[0]).toMatchObject({ unitPrice: 100, price: 1000 });
      // The purchase carries the company's name, tax id and billing address for the invoice.
      expect(small).toMatchObject({
        company: 'Acme Components Ltd',
        taxId: 'GB123456789',
        billingAddress: '1 Billing Street, Leeds',
      });

      await answered(
        injectUnchecked(
          t,
          companies.removePrice,
          { params: { id: company._id, productId: product._id } },
          boss,
        ),
      );
      expect(productSchema.parse((await item(buyer)).json()).contractPrice).toBeUndefined();
    });

    it('imports prices from CSV: a dry run lists them, apply sets all or none', async () => {
      const { company, owner } = await team(null);
      const a = await addProduct(t, { sku: `CP-${Date.now()}-A`, price: 50 });
      const b = await addProduct(t, { sku: `CP-${Date.now()}-B`, price: 60 });
      const importCsv = (csv: string, dryRun: boolean) =>
        injectUnchecked(
          t,
          companies.importPrices,
          { params: { id: company._id }, body: { csv, dryRun } },
          boss,
        );
      const dry = await answered<{ set: unknown[]; problems: unknown[] }>(
        importCsv(`sku,price\n${a.sku},45\n${b.sku.toLowerCase()},55\n`, true),
      );
      expect(dry).toEqual({
        dryRun: true,
        set: [
          { sku: a.sku, from: null, to: 45 },
          { sku: b.sku, from: null, to: 55 },
        ],
        problems: [],
      });
      expect(
        (
          await answered<{ items: unknown[] }>(
            injectUnchecked(t, companies.prices, { params: { id: company._id } }, owner),
          )
        ).items,
      ).toEqual([]);

      const refused = await importCsv(
        `sku,price\n${a.sku},45\nNO-SUCH-PART,10\n${b.sku},1.5\n`,
        false,
      );
      expect(refused.statusCode).toBe(400);
      expect(
        (
          await answered<{ items: unknown[] }>(
            injectUnchecked(t, companies.prices, { params: { id: company._id } }, owner),
          )
        ).items,
      ).toEqual([]);

      await answered(importCsv(`sku,price\n${a.sku},45\n${b.sku},55\n`, false));
      const prices = await answered<{ items: { sku: string; price: number; listPrice: number }[] }>(
        injectUnchecked(t, companies.prices, { params: { id: company._id } }, owner),
      );
      expect(prices.items.map((p) => [p.sku, p.listPrice, p.price])).toEqual([
        [a.sku, 50, 45],
        [b.sku, 60, 55],
      ]);
      const page = await answered<{
        items: { _id: string; members: number; contractPrices: number }[];
      }>(injectUnchecked(t, companies.list, { query: { q: 'acme', limit: '100' } }, boss));
      expect(page.items.find((c) => c._id === company._id)).toMatchObject({
        members: 3,
        contractPrices: 2,
      });
      expect((await injectUnchecked(t, companies.list, {}, owner)).statusCode).toBe(403);
    });
  });

  describe('company purchases', () => {
    it('owners and approvers see every member’s purchases, buyers their own; approvers may open them', async () => {
      const { owner, buyer, approver, company } = await team(null);
      const product = await addProduct(t, { price: 10, available: 100 });
      const mine = purchaseSchema.parse(
        await answered(checkout(buyer, [{ productId: product._id, quantity: 1 }]), 201),
      );
      const theirs = purchaseSchema.parse(
        await answered(checkout(owner, [{ productId: product._id, quantity: 2 }]), 201),
      );
      const list = (who: Shopper) =>
        answered<{ items: Purchase[]; total: number }>(
          injectUnchecked(t, companies.purchases, { params: { id: company._id } }, who),
        );
      expect((await list(approver)).items.map((p) => p._id)).toEqual([theirs._id, mine._id]);
      expect((await list(owner)).total).toBe(2);
      expect((await list(buyer)).items.map((p) => p._id)).toEqual([mine._id]);
      expect(
        (
          await answered<Purchase>(
            injectUnchecked(t, api.purchases.get, { params: { id: mine._id } }, approver),
          )
        )._id,
      ).toBe(mine._id);
      expect(
        (await injectUnchecked(t, api.purchases.get, { params: { id: theirs._id } }, buyer))
          .statusCode,
      ).toBe(403);
    });
  });
});
