import { api, type EndpointSpec } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies as companyTable } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { inject, injectUnchecked, type UncheckedInput } from '../../test-support/inject.js';
import { newUser } from '../../test-support/identity.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const ROLES = ['anonymous', 'owner', 'approver', 'buyer', 'invitee', 'stranger', 'admin'] as const;
type Role = (typeof ROLES)[number];
const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };
const { companies } = api;

/**
 * Every company call by every company role (issue 15): the company's owner, approver and buyer,
 * someone invited who has not accepted (issue 27: they are a stranger to the company until they
 * say yes), a customer of no company, the shop's admin, and nobody signed in. Each call is made afresh for
 * each role, so one role's success does not change what the next one meets.
 */
describe.each(testDatabases())('company calls by role on %s', (kind) => {
  let t: TestApp;
  let people: Record<Exclude<Role, 'anonymous' | 'stranger' | 'invitee'>, Shopper>;
  let companyId: string;
  let productId: string;
  let limited: Shopper;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    const verified = (name: string) => shopper(t, { name }, { verified: true });
    const [owner, approver, buyer, admin] = await Promise.all([
      verified('Olive Owner'),
      verified('Abe Approver'),
      verified('Bea Buyer'),
      adminShopper(t),
    ]);
    people = { owner, approver, buyer, admin };
    limited = await verified('Lee Limited');
    const created = await inject(t, companies.create, { body: { name: 'Role Parts Ltd' } }, owner);
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json()._id;
    for (const [who, role, spendingLimit] of [
      [approver, 'approver', null],
      [buyer, 'buyer', null],
      [limited, 'buyer', 0],
    ] as const) {
      await addMember(t, owner, companyId, who, { role, spendingLimit });
    }
    productId = (await addProduct(t, { sku: `ROLE-${Date.now()}`, price: 10, available: 10_000 }))
      ._id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * This suite invites far more than a day's 20 (every row, every role): each invitation it
   * sends starts a new day for the company's counter, which invitations.test.ts tests.
   */
  const newDay = () =>
    t.db.update(companyTable).set({ invitationsToday: 0 }).where(eq(companyTable.id, companyId));

  const caller = async (role: Role): Promise<Shopper | undefined> => {
    if (role === 'anonymous') return undefined;
    if (role === 'stranger') return shopper(t, { name: 'Sam Stranger' }, { verified: true });
    if (role === 'invitee') {
      // Verified, invited as an owner, not yet accepted: the most an invitation could give.
      const invited = await shopper(t, { name: 'Ivy Invitee' }, { verified: true });
      await newDay();
      const answer = await inject(
        t,
        companies.putMember,
        { params: { id: companyId, email: invited.email }, body: { role: 'owner' } },
        people.owner,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return invited;
    }
    return people[role];
  };
  const invitee = async () => {
    const email = newUser().email;
    await newDay();
    const invited = await inject(
      t,
      companies.putMember,
      { params: { id: companyId, email }, body: { role: 'buyer' } },
      people.owner,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    return email;
  };
  const awaiting = async () => {
    const placed = await inject(
      t,
      api.purchases.checkout,
      { body: { lines: [{ productId, quantity: 1 }], ...contact } },
      limited,
    );
    expect(placed.json().status).toBe('awaiting_approval');
    return placed.json()._id as string;
  };

  const members = (status: number, stranger: number, admin: number) => ({
    anonymous: 401,
    owner: status,
    approver: status,
    buyer: status,
    invitee: stranger,
    stranger,
    admin,
  });
  const ownersOnly = (status: number) => ({ ...members(403, 403, 403), owner: status });
  // The shop's admins manage any company as its owners do (issue 28).
  const ownersAndAdmins = (status: number) => ({ ...ownersOnly(status), admin: status });
  const deciders = (status: number) => ({
    ...members(403, 403, 403),
    owner: status,
    approver: status,
  });
  const adminsOnly = (status: number) => ({ ...members(403, 403, status) });

  const rows: [EndpointSpec, Record<Role, number>, () => Promise<UncheckedInput>][] = [
    [companies.mine, members(200, 404, 404), async () => ({})],
    // Everyone signed in reads their own (nulls outside a company).
    [companies.spending, members(200, 200, 200), async () => ({})],
    [companies.get, members(200, 403, 200), async () => ({ params: { id: companyId } })],
    [
      companies.update,
      ownersAndAdmins(200),
      async () => ({ params: { id: companyId }, body: { taxId: 'GB999' } }),
    ],
    [
      companies.putMember,
      ownersAndAdmins(200),
      async () => {
        await newDay();
        return { params: { id: companyId, email: newUser().email }, body: { role: 'approver' } };
      },
    ],
    [
      companies.removeMember,
      ownersAndAdmins(200),
      async () => ({ params: { id: companyId, email: await invitee() } }),
    ],
    [companies.purchases, members(200, 403, 200), async () => ({ params: { id: companyId } })],
    [companies.approvals, deciders(200), async () => ({})],
    [companies.approve, deciders(200), async () => ({ params: { id: await awaiting() } })],
    [companies.reject, deciders(200), async () => ({ params: { id: await awaiting() } })],
    // The company has unpaid purchases by now (the approvals above): its owner and the admin
    // get as far as the 409; nobody else gets past the 403.
    [
      companies.dissolve,
      { ...ownersOnly(409), admin: 409 },
      async () => ({ params: { id: companyId } }),
    ],
    [companies.invitations, members(200, 200, 200), async () => ({})],
    [
      companies.acceptInvitation,
      { ...members(404, 404, 404), invitee: 200 },
      async () => ({ params: { companyId } }),
    ],
    [
      companies.declineInvitation,
      { ...members(404, 404, 404), invitee: 200 },
      async () => ({ params: { companyId } }),
    ],
    [companies.list, adminsOnly(200), async () => ({})],
    [
      companies.adminCreate,
      adminsOnly(201),
      async () => {
        await newDay();
        return { body: { name: 'Opened Parts Ltd', ownerEmail: newUser().email } };
      },
    ],
    [companies.prices, members(200, 403, 200), async () => ({ params: { id: companyId } })],
    [
      companies.putPrice,
      adminsOnly(200),
      async () => ({ params: { id: companyId, productId }, body: { price: 9 } }),
    ],
    [
      companies.removePrice,
      adminsOnly(200),
      async () => ({ params: { id: companyId, productId } }),
    ],
    [
      companies.importPrices,
      adminsOnly(200),
      async () => ({ params: { id: companyId }, body: { csv: 'sku,price\n', dryRun: true } }),
    ],
    // Pay on account (issue 30): the terms are the admin's; the account its owners', approvers'
    // and the admin's, not a buyer's.
    [
      companies.putTerms,
      adminsOnly(200),
      async () => ({
        params: { id: companyId },
        body: { paymentTerms: 'net30', creditLimit: 50000, onHold: false },
      }),
    ],
    [
      companies.account,
      { ...deciders(200), admin: 200 },
      async () => ({ params: { id: companyId } }),
    ],
    [
      companies.invoices,
      { ...deciders(200), admin: 200 },
      async () => ({ params: { id: companyId }, query: { status: 'open' } }),
    ],
    [
      companies.recordBankPayment,
      adminsOnly(201),
      async () => ({
        params: { id: companyId },
        body: { amount: 10, reference: 'Roles transfer', receivedOn: '2026-11-27' },
      }),
    ],
    // The account's documents and card payments (decisions 047 and 049); receivables, the admin's.
    [
      companies.statement,
      { ...deciders(200), admin: 200 },
      async () => ({ params: { id: companyId } }),
    ],
    [
      // Past who may: a payment the gateway does not know is refused for what it is.
      companies.payInvoices,
      { ...deciders(400), admin: 400 },
      async () => ({ params: { id: companyId }, body: { transactionId: 'pi_NothingPaidThis' } }),
    ],
    [companies.receivables, adminsOnly(200), async () => ({})],
    [companies.receivablesCsv, adminsOnly(200), async () => ({})],
    // Last: from here on the admin owns a company of their own.
    [
      companies.create,
      { ...members(409, 201, 201) },
      async () => ({ body: { name: 'Another Parts Ltd' } }),
    ],
  ];

  it('covers every company call', () => {
    const covered = new Set(rows.map(([contract]) => contract));
    expect(Object.values(companies).filter((contract) => !covered.has(contract))).toEqual([]);
  });

  it.each(rows.map((row) => [`${row[0].method} ${row[0].path}`, ...row] as const))(
    '%s',
    async (_name, contract, expected, input) => {
      for (const role of ROLES) {
        const answer = await injectUnchecked(t, contract, await input(), await caller(role));
        expect(answer.statusCode, `${role}: ${answer.body.slice(0, 200)}`).toBe(expected[role]);
      }
    },
  );
});
