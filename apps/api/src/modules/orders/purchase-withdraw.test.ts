import {
  api,
  companyMessages,
  purchaseMessages,
  type ApiErrorBody,
  type Purchase,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

/**
 * A buyer withdraws their own purchase while it waits for approval (PUT /purchase/{id}/withdraw):
 * kept as cancelled, off the approvers' list, no longer one of the buyer's holds.
 */

const HOLDS = 2;
const contact = { number: '+1 415 555 0134', address: '500 Howard Street, San Francisco' };
const { purchases, companies } = api;

describe.each(testDatabases())('withdrawing a waiting purchase on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ UNPAID_ORDERS_MAX: String(HOLDS) }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyNow = (who: Shopper, productId: string) =>
    injectUnchecked(t, api.orders.place, { body: { productId, quantity: 2, ...contact } }, who);
  const waitingPurchase = async (who: Shopper, productId: string) => {
    const placed = await buyNow(who, productId);
    expect(placed.statusCode, placed.body).toBe(201);
    const { purchaseId, purchaseStatus } = placed.json() as {
      purchaseId: string;
      purchaseStatus: string;
    };
    expect(purchaseStatus).toBe('awaiting_approval');
    return purchaseId;
  };
  const withdraw = (who: Shopper, id: string) =>
    inject(t, purchases.withdraw, { params: { id } }, who);
  const messageOf = (answer: { json(): unknown }) => (answer.json() as ApiErrorBody).message;

  it('keeps the purchase as cancelled, takes it off the approvers list and frees the hold', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: 0 });
    const product = await addProduct(t, { price: 40, available: 100 });
    const first = await waitingPurchase(buyer, product._id);
    await waitingPurchase(buyer, product._id);
    // Both holds taken: a third purchase is refused.
    expect((await buyNow(buyer, product._id)).statusCode).toBe(409);

    const answer = await withdraw(buyer, first);
    expect(answer.statusCode, answer.body).toBe(200);
    const withdrawn = answer.json() as Purchase;
    expect(withdrawn.status).toBe('cancelled');
    // What was asked for stays readable.
    expect(withdrawn.awaitingLines).toEqual([
      expect.objectContaining({ productId: product._id, quantity: 2 }),
    ]);

    const waiting = (await inject(t, companies.approvals, { query: {} }, owner)).json();
    expect(waiting.items.map((purchase: Purchase) => purchase._id)).not.toContain(first);
    const approve = await injectUnchecked(t, companies.approve, { params: { id: first } }, owner);
    expect(approve.statusCode).toBe(409);
    expect(messageOf(approve)).toBe(companyMessages.notAwaiting);
    // The hold is free again.
    await waitingPurchase(buyer, product._id);
    // It took no stock, and gives none back.
    const read = await inject(t, api.catalog.get, { params: { id: product._id } });
    expect(read.json().available).toBe(100);
  });

  it('is the buyer own: 403 for another customer and for the approver, 404 for no purchase', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: 0 });
    const stranger = await shopper(t);
    const product = await addProduct(t, { price: 40, available: 100 });
    const id = await waitingPurchase(buyer, product._id);
    for (const who of [stranger, owner]) {
      const refused = await withdraw(who, id);
      expect(refused.statusCode).toBe(403);
      expect(messageOf(refused)).toBe(purchaseMessages.notYours);
    }
    const missing = await withdraw(buyer, '5b2f1c1e-1111-4c4c-8c8c-000000000000');
    expect(missing.statusCode).toBe(404);
    const read = await inject(t, purchases.get, { params: { id } }, buyer);
    expect(read.json().status).toBe('awaiting_approval');
  });

  it('answers 409 for a purchase that does not wait: unpaid, approved, or withdrawn already', async () => {
    const { buyer } = await companyTeam(t, { spendingLimit: 10_000 });
    const product = await addProduct(t, { price: 40, available: 100 });
    const unpaid = await buyNow(buyer, product._id);
    expect(unpaid.json().purchaseStatus).toBe('unpaid');
    const refused = await withdraw(buyer, unpaid.json().purchaseId);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(purchaseMessages.notWaiting);

    const { buyer: waitingBuyer, owner: approver } = await companyTeam(t, { spendingLimit: 0 });
    const id = await waitingPurchase(waitingBuyer, product._id);
    expect((await withdraw(waitingBuyer, id)).statusCode).toBe(200);
    expect((await withdraw(waitingBuyer, id)).statusCode).toBe(409);
    const approved = await waitingPurchase(waitingBuyer, product._id);
    const approval = await injectUnchecked(
      t,
      companies.approve,
      { params: { id: approved } },
      approver,
    );
    expect(approval.statusCode, approval.body).toBe(200);
    expect((await withdraw(waitingBuyer, approved)).statusCode).toBe(409);
  });

  it('withdrawn and approved at the same moment: exactly one wins', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: 0 });
    const product = await addProduct(t, { price: 40, available: 100 });
    const id = await waitingPurchase(buyer, product._id);
    const [withdrawal, approval] = await Promise.all([
      withdraw(buyer, id),
      injectUnchecked(t, companies.approve, { params: { id } }, owner),
    ]);
    expect([withdrawal.statusCode, approval.statusCode].sort()).toEqual([200, 409]);
    const read = (await inject(t, purchases.get, { params: { id } }, buyer)).json() as Purchase;
    expect(read.status).toBe(withdrawal.statusCode === 200 ? 'cancelled' : 'unpaid');
    const stock = (await inject(t, api.catalog.get, { params: { id: product._id } })).json();
    expect(stock.available).toBe(withdrawal.statusCode === 200 ? 100 : 98);
  });
});
