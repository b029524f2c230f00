import { api, shipmentMessages, type ApiErrorBody, type Purchase } from '@shop/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailJobs, shipmentLines, shipments } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { inject } from '../../test-support/inject.js';
import { nextEmailAbout, startSmtpServer, type TestSmtpServer } from '../../test-support/mail.js';
import { checkout, payPurchase } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * PUT /purchase/{id}/ship (DESIGN section 9, decision 030): a paid purchase ships whole or in
 * parts, each part one parcel with one email; the purchase is partially_shipped until every
 * piece has gone; SPEC's PUT /shipping/{id} still ships one line.
 */
describe.each(testDatabases())('shipping a purchase on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let alice: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: orderTestEnv({ SMTP_URL: smtp.url }) });
    [alice, boss] = await Promise.all([shopper(t, { name: 'ALICE BUYER' }), adminShopper(t)]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const nextAbout = (text: string) => nextEmailAbout(smtp, text);

  const shippedJobs = async (purchaseId: string) =>
    (await t.db.select().from(emailJobs).where(eq(emailJobs.kind, 'shipped'))).filter(
      (job) => job.payload.purchaseId === purchaseId,
    );

  /** A purchase of three lines (10 CPUs, 4 boards, 2 coolers), paid unless said otherwise. */
  async function buy({ pay = true } = {}): Promise<Purchase> {
    const [cpu, board, cooler] = await Promise.all([
      addProduct(t, { name: 'Vector X8 Processor', price: 120, available: 100 }),
      addProduct(t, { name: 'Harbour B650 Board', price: 95, available: 100 }),
      addProduct(t, { name: 'Quiet Tower Cooler', price: 40, available: 100 }),
    ]);
    const purchase = await checkout(t, alice, [
      { productId: cpu._id, quantity: 10 },
      { productId: board._id, quantity: 4 },
      { productId: cooler._id, quantity: 2 },
    ]);
    return pay ? payPurchase(t, alice, purchase._id) : purchase;
  }

  const messageOf = (answer: { json(): unknown }) => (answer.json() as ApiErrorBody).message;
  const ship = (id: string, body?: object, who: Shopper = boss) =>
    inject(t, api.purchases.ship, { params: { id }, ...(body ? { body } : {}) }, who);

  it('ships a whole purchase as one parcel with one email listing every line', async () => {
    const purchase = await buy();
    const shipped = await ship(purchase._id, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const after = shipped.json() as Purchase;
    expect(after.status).toBe('shipped');
    expect(after.shippedAt).not.toBeNull();
    expect(after.orders.map((line) => [line.status, line.shippedQuantity])).toEqual([
      ['Shipping', 10],
      ['Shipping', 4],
      ['Shipping', 2],
    ]);
    expect(after.shipments).toHaveLength(1);
    expect(after.shipments[0]).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(after.shipments[0]!.lines).toHaveLength(3);

    expect(await shippedJobs(purchase._id)).toHaveLength(1);
    const email = await nextAbout(`${purchase.number} has shipped`);
    for (const name of [
      'Vector X8 Processor',
      'Harbour B650 Board',
      'Quiet Tower Cooler',
      '1Z999AA10123456784',
    ]) {
      expect(email.text).toContain(name);
    }
    expect(email.text).not.toContain('another parcel');

    // The purchase as its buyer reads it says the same.
    const read = await inject(t, api.purchases.get, { params: { id: purchase._id } }, alice);
    expect(read.json().status).toBe('shipped');

    // Nothing is left: shipping it again is a wrong state.
    const again = await ship(purchase._id);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(shipmentMessages.alreadyShipped);
  });

  it('ships part of a purchase: partially_shipped until every piece has gone, one email each', async () => {
    const purchase = await buy();
    const [cpu, board, cooler] = purchase.orders;
    const first = await ship(purchase._id, {
      carrier: 'DHL',
      trackingNumber: 'JD014600006281234567',
      lines: [{ orderId: cpu!._id, quantity: 6 }, { orderId: board!._id }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const partly = first.json() as Purchase;
    expect(partly.status).toBe('partially_shipped');
    expect(partly.shippedAt).toBeNull();
    const byId = new Map(partly.orders.map((line) => [line._id, line]));
    // A line partly shipped keeps SPEC's Pending: its Ship action is still open.
    expect(byId.get(cpu!._id)).toMatchObject({
      shippedQuantity: 6,
      shipping: false,
      status: 'Pending',
    });
    expect(byId.get(board!._id)).toMatchObject({
      shippedQuantity: 4,
      shipping: true,
      status: 'Shipping',
    });
    expect(byId.get(cooler!._id)).toMatchObject({ shippedQuantity: 0, shipping: false });
    const email = await nextAbout(`${purchase.number} has shipped`);
    expect(email.text).toContain('Vector X8 Processor');
    expect(email.text).toContain('Harbour B650 Board');
    expect(email.text).not.toContain('Quiet Tower Cooler');
    expect(email.text).toContain('another parcel');

    // More than is left of a line: 400, and nothing changes.
    const before = await dbSnapshot(t.db);
    const tooMany = await ship(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(messageOf(tooMany)).toBe(shipmentMessages.tooMany('Vector X8 Processor', 4));
    // A line that has shipped whole, named again without a quantity: 409.
    const whole = await ship(purchase._id, { lines: [{ orderId: board!._id }] });
    expect(whole.statusCode).toBe(409);
    // A line of no such purchase: 404.
    const stranger = await ship(purchase._id, { lines: [{ orderId: randomUUID() }] });
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe(shipmentMessages.notInPurchase);
    expect(await dbSnapshot(t.db)).toEqual(before);

    // The rest, with no lines named: the remaining 4 CPUs and the coolers.
    const rest = await ship(purchase._id, {
      carrier: 'DHL',
      trackingNumber: 'JD014600006281234568',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json() as Purchase;
    expect(done.status).toBe('shipped');
    expect(done.shipments.map((parcel) => parcel.lines.map((line) => line.quantity))).toEqual([
      [6, 4],
      [4, 2],
    ]);
    expect(await shippedJobs(purchase._id)).toHaveLength(2);

    // The database agrees with the answer: shipment lines add up to each line's quantity.
    const rows = await t.db.select().from(shipments).where(eq(shipments.purchaseId, purchase._id));
    expect(rows.every((row) => row.shippedBy === boss.email)).toBe(true);
    const sent = await t.db.select().from(shipmentLines).where(eq(shipmentLines.orderId, cpu!._id));
    expect(sent.reduce((sum, line) => sum + line.quantity, 0)).toBe(10);

    // Audited: who shipped how many of which line.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, cpu!._id));
    expect(audit.map((row) => [row.action, row.actorEmail, row.details?.quantity])).toEqual([
      ['order.ship', boss.email, 6],
      ['order.ship', boss.email, 4],
    ]);
  });

  it("SPEC's PUT /shipping/{id} ships the rest of one line as its own parcel", async () => {
    const purchase = await buy();
    const [cpu, board] = purchase.orders;
    await ship(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 3 }] });
    const line = await inject(t, api.orders.ship, { params: { id: cpu!._id } }, boss);
    expect(line.statusCode, line.body).toBe(200);
    expect(line.json().order).toMatchObject({
      shippedQuantity: 10,
      shipping: true,
      status: 'Shipping',
    });
    const read = await inject(t, api.purchases.get, { params: { id: purchase._id } }, alice);
    const after = read.json() as Purchase;
    expect(after.status).toBe('partially_shipped');
    expect(after.shipments.map((parcel) => parcel.lines)).toEqual([
      [{ orderId: cpu!._id, quantity: 3 }],
      [{ orderId: cpu!._id, quantity: 7 }],
    ]);
    // Again: SPEC's answer, nothing new.
    const again = await inject(t, api.orders.ship, { params: { id: cpu!._id } }, boss);
    expect(again.statusCode).toBe(200);
    expect(await shippedJobs(purchase._id)).toHaveLength(2);
    expect(board!.shipping).toBe(false);
  });

  it('refuses what may not ship: unpaid (409), unknown (404), not an admin (403)', async () => {
    const unpaid = await buy({ pay: false });
    const before = await dbSnapshot(t.db);
    const refused = await ship(unpaid._id);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(shipmentMessages.notShippable);
    expect((await ship(randomUUID())).statusCode).toBe(404);
    expect((await ship(unpaid._id, undefined, alice)).statusCode).toBe(403);
    expect(await dbSnapshot(t.db)).toEqual(before);
  });

  it('two admins shipping the same line at once ship it once', async () => {
    const purchase = await buy();
    const [cpu] = purchase.orders;
    const body = { lines: [{ orderId: cpu!._id, quantity: 10 }] };
    const answers = await Promise.all([ship(purchase._id, body), ship(purchase._id, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await shippedJobs(purchase._id)).toHaveLength(1);
  });
});
