import {
  api,
  COMPANY_INVITATIONS_PER_DAY,
  companyMessages,
  type ApiErrorBody,
  type Company,
  type Invitation,
  type Purchase,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { newUser } from '../../test-support/identity.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };
const { companies } = api;

/**
 * Consent and ownership (issue 27 item 4, DESIGN section 9): nobody joins a company without
 * saying yes, nothing of theirs reaches the company before they do, and no company is left
 * without an owner.
 */
describe.each(testDatabases())('invitations and ownership on %s', (kind) => {
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
  const refused = async (
    response: Promise<{ statusCode: number; body: string; json<T>(): T }>,
    status: number,
    message: string,
  ) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json<ApiErrorBody>().message).toBe(message);
  };
  const create = (who: Shopper, name = 'Consent Parts Ltd') =>
    answered<Company>(injectUnchecked(t, companies.create, { body: { name } }, who), 201);
  const invite = (who: Shopper, id: string, email: string, body: object = { role: 'buyer' }) =>
    injectUnchecked(t, companies.putMember, { params: { id, email }, body }, who);
  const accept = (who: Shopper, companyId: string) =>
    injectUnchecked(t, companies.acceptInvitation, { params: { companyId } }, who);
  const decline = (who: Shopper, companyId: string) =>
    injectUnchecked(t, companies.declineInvitation, { params: { companyId } }, who);
  const checkout = (who: Shopper, productId: string, quantity = 1) =>
    answered<Purchase>(
      injectUnchecked(
        t,
        api.purchases.checkout,
        { body: { lines: [{ productId, quantity }], ...contact } },
        who,
      ),
      201,
    );
  const read = (who: Shopper, id: string) =>
    answered<Company>(injectUnchecked(t, companies.get, { params: { id } }, who));
  const purchasesOf = (who: Shopper, id: string) =>
    answered<{ items: Purchase[]; total: number }>(
      injectUnchecked(t, companies.purchases, { params: { id } }, who),
    );

  it('an invited verified account, the admin included, exposes nothing and is neither billed nor judged before accepting', async () => {
    const owner = await verified('Olive Owner');
    const company = await create(owner);
    const product = await addProduct(t, { price: 100, available: 1000 });
    await answered(
      injectUnchecked(
        t,
        companies.putPrice,
        { params: { id: company._id, productId: product._id }, body: { price: 60 } },
        boss,
      ),
    );
    // The admin's own purchase of the month, before anyone invites them.
    const before = await checkout(boss, product._id, 3);

    const listed = await answered<Company>(
      invite(owner, company._id, boss.email, { role: 'buyer', spendingLimit: 0 }),
    );
    // Only the address, the role and the limit the owner chose: no name, no spend.
    expect(listed.members.find((m) => m.email === boss.email)).toEqual({
      email: boss.email,
      role: 'buyer',
      spendingLimit: 0,
      status: 'invited',
    });
    expect(JSON.stringify(await read(owner, company._id))).not.toContain('OLGA BOSS');

    // Still invited: their purchase is their own, at the list price, under no company limit.
    const meanwhile = await checkout(boss, product._id, 2);
    expect(meanwhile).toMatchObject({ status: 'unpaid', companyId: null, total: 200 });
    expect((await purchasesOf(owner, company._id)).total).toBe(0);
    expect(
      (await answered<{ items: Purchase[] }>(injectUnchecked(t, companies.approvals, {}, owner)))
        .items,
    ).toEqual([]);
    await refused(
      injectUnchecked(t, companies.reject, { params: { id: meanwhile._id } }, owner),
      403,
      companyMessages.notMember,
    );
    expect(
      (await injectUnchecked(t, api.purchases.get, { params: { id: before._id } }, owner))
        .statusCode,
    ).toBe(403);

    // Accepted: a member from now on, and nothing bought before counts or shows.
    await answered(accept(boss, company._id));
    const joined = (await read(owner, company._id)).members.find((m) => m.email === boss.email);
    expect(joined).toMatchObject({ status: 'active', name: 'OLGA BOSS', spentThisMonth: 0 });
    expect((await purchasesOf(owner, company._id)).total).toBe(0);
    // And their purchases are the company's: its price, its limit (0: it waits).
    const after = await checkout(boss, product._id, 1);
    expect(after).toMatchObject({ status: 'awaiting_approval', companyId: company._id, total: 60 });
  });

  it('lists the caller’s invitations; only the invitee answers; decline removes it', async () => {
    const [first, second] = [await verified('Fay First'), await verified('Sid Second')];
    const [a, b] = [await create(first, 'Alpha Parts Ltd'), await create(second, 'Beta Parts Ltd')];
    const invitee = await verified('Ian Vitee');
    await answered(invite(first, a._id, invitee.email, { role: 'approver' }));
    await answered(invite(second, b._id, invitee.email.toUpperCase()));
    const mine = await answered<Invitation[]>(
      injectUnchecked(t, companies.invitations, {}, invitee),
    );
    expect(mine).toEqual([
      {
        companyId: a._id,
        companyName: 'Alpha Parts Ltd',
        role: 'approver',
        invitedBy: first.email,
      },
      { companyId: b._id, companyName: 'Beta Parts Ltd', role: 'buyer', invitedBy: second.email },
    ]);
    expect(
      await answered<Invitation[]>(injectUnchecked(t, companies.invitations, {}, first)),
    ).toEqual([]);

    // Someone else cannot answer it, not even the company's owner.
    await refused(accept(first, b._id), 404, companyMessages.noInvitation);
    await refused(decline(second, b._id), 404, companyMessages.noInvitation);

    await answered(decline(invitee, b._id));
    expect((await read(second, b._id)).members.some((m) => m.email === invitee.email)).toBe(false);
    await refused(accept(invitee, b._id), 404, companyMessages.noInvitation);
    await answered(accept(invitee, a._id));
    expect(
      await answered<Invitation[]>(injectUnchecked(t, companies.invitations, {}, invitee)),
    ).toEqual([]);
    // Invited again elsewhere while a member: 409 until they leave.
    await answered(invite(second, b._id, invitee.email));
    await refused(accept(invitee, b._id), 409, companyMessages.leaveFirst);
    await answered(
      injectUnchecked(
        t,
        companies.removeMember,
        { params: { id: a._id, email: invitee.email } },
        invitee,
      ),
    );
    await answered(accept(invitee, b._id));
  });

  it('accepting two companies at once joins one of them', async () => {
    const owners = [await verified('One Owner'), await verified('Two Owner')];
    const made = [await create(owners[0]!, 'One Ltd'), await create(owners[1]!, 'Two Ltd')];
    const invitee = await verified('Dee Double');
    for (const [i, company] of made.entries())
      await answered(invite(owners[i]!, company._id, invitee.email));
    const answers = await Promise.all(made.map((company) => accept(invitee, company._id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it(`sends at most ${COMPANY_INVITATIONS_PER_DAY} invitations a day per company, withdrawn ones counted`, async () => {
    const owner = await verified('Rae Recruiter');
    const company = await create(owner);
    const first = newUser().email;
    await answered(invite(owner, company._id, first));
    await answered(
      injectUnchecked(
        t,
        companies.removeMember,
        { params: { id: company._id, email: first } },
        owner,
      ),
    );
    for (let i = 1; i < COMPANY_INVITATIONS_PER_DAY; i += 1) {
      await answered(invite(owner, company._id, newUser().email));
    }
    await refused(invite(owner, company._id, first), 429, companyMessages.tooManyInvitations);
    // Changing an invitation's role is no new invitation.
    const members = (await read(owner, company._id)).members;
    await answered(invite(owner, company._id, members[1]!.email, { role: 'approver' }));
    expect((await read(owner, company._id)).members).toHaveLength(COMPANY_INVITATIONS_PER_DAY);
  });

  it('keeps an owner: an invited owner is none yet; the last owner’s account is not removed', async () => {
    const owner = await verified('Liz Last');
    const company = await create(owner);
    const heir = await verified('Hal Heir');
    await answered(invite(owner, company._id, heir.email, { role: 'owner' }));
    await refused(
      invite(owner, company._id, owner.email, { role: 'buyer' }),
      409,
      companyMessages.lastOwner,
    );
    await refused(
      injectUnchecked(t, api.users.remove, { params: { email: owner.email } }, boss),
      409,
      companyMessages.ownsCompany('Consent Parts Ltd'),
    );
    await answered(accept(heir, company._id));
    await answered(injectUnchecked(t, api.users.remove, { params: { email: owner.email } }, boss));
    const left = await read(heir, company._id);
    expect(left.members.map((m) => [m.email, m.role, m.status])).toEqual([
      [heir.email, 'owner', 'active'],
    ]);
  });

  it('dissolves a company with nothing waiting; 409 while a purchase waits for payment or approval', async () => {
    const owner = await verified('Dot Dissolver');
    const company = await create(owner, 'Short Lived Ltd');
    const buyer = await verified('Bo Buyer');
    await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit: 0 });
    const invitee = await verified('Nat Never');
    await answered(invite(owner, company._id, invitee.email));
    const product = await addProduct(t, { price: 10, available: 100 });
    const waiting = await checkout(buyer, product._id);
    expect(waiting.status).toBe('awaiting_approval');
    const dissolve = (who: Shopper) =>
      injectUnchecked(t, companies.dissolve, { params: { id: company._id } }, who);
    await refused(dissolve(buyer), 403, companyMessages.ownersOnly);
    await refused(dissolve(owner), 409, companyMessages.purchasesOpen);
    await answered(injectUnchecked(t, companies.reject, { params: { id: waiting._id } }, owner));
    const unpaid = await checkout(owner, product._id);
    expect(unpaid.status).toBe('unpaid');
    await refused(dissolve(boss), 409, companyMessages.purchasesOpen);
    // Its one line cancelled, the purchase has nothing left to pay.
    await answered(
      injectUnchecked(t, api.orders.cancel, { params: { id: unpaid.orders[0]!._id } }, owner),
    );
    await answered(dissolve(owner));
    expect((await injectUnchecked(t, companies.mine, {}, buyer)).statusCode).toBe(404);
    expect(
      await answered<Invitation[]>(injectUnchecked(t, companies.invitations, {}, invitee)),
    ).toEqual([]);
    expect(
      (await injectUnchecked(t, companies.get, { params: { id: company._id } }, boss)).statusCode,
    ).toBe(404);
    // Its members are free to start again.
    await create(buyer, 'Second Start Ltd');
  });
});
