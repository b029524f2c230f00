import {
  api,
  companyMessages,
  type ApiErrorBody,
  type Company,
  type Invitation,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

const { companies } = api;

/**
 * Company admin (issue 28, item 10): the shop's admin opens a company for a customer, edits it,
 * and manages its members and owner; the owner and every member still join only by saying yes
 * (DESIGN section 9).
 */
describe.each(testDatabases())('company admin on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const verified = (name: string) => shopper(t, { name }, { verified: true });
  const open = (body: object, who: Shopper = boss) =>
    injectUnchecked(t, companies.adminCreate, { body }, who);
  const put = (id: string, email: string, body: object, who: Shopper = boss) =>
    injectUnchecked(t, companies.putMember, { params: { id, email }, body }, who);
  const remove = (id: string, email: string, who: Shopper = boss) =>
    injectUnchecked(t, companies.removeMember, { params: { id, email } }, who);
  const roles = (company: Company) =>
    company.members.map((member) => [member.email, member.role, member.status]);

  it('opens a company whose owner is only invited, and joins on accepting', async () => {
    const owner = await verified('Ona Owner');
    const company = await answered<Company>(
      open({ name: 'Opened Parts Ltd', taxId: 'GB123', ownerEmail: owner.email }),
      201,
    );
    expect(company).toMatchObject({ name: 'Opened Parts Ltd', taxId: 'GB123' });
    expect(roles(company)).toEqual([[owner.email, 'owner', 'invited']]);
    // Nothing of the person before they say yes: no name, no spend.
    expect(company.members[0]).not.toHaveProperty('name');

    const invitations = await answered<Invitation[]>(
      injectUnchecked(t, companies.invitations, {}, owner),
    );
    expect(invitations).toEqual([
      expect.objectContaining({ companyId: company._id, role: 'owner', invitedBy: boss.email }),
    ]);
    const joined = await answered<Company>(
      injectUnchecked(t, companies.acceptInvitation, { params: { companyId: company._id } }, owner),
    );
    expect(roles(joined)).toEqual([[owner.email, 'owner', 'active']]);
  });

  it('edits the company and manages its members: invite, change role, make owner, remove', async () => {
    const owner = await verified('Odo Owner');
    const member = await verified('Mia Member');
    const company = await answered<Company>(
      open({ name: 'Managed Parts Ltd', ownerEmail: owner.email }),
      201,
    );
    await answered(
      injectUnchecked(t, companies.acceptInvitation, { params: { companyId: company._id } }, owner),
    );

    const edited = await answered<Company>(
      injectUnchecked(
        t,
        companies.update,
        { params: { id: company._id }, body: { name: 'Managed Parts Group', taxId: 'GB777' } },
        boss,
      ),
    );
    expect(edited).toMatchObject({ name: 'Managed Parts Group', taxId: 'GB777' });

    // Adding a person is an invitation: they join only by accepting.
    const invited = await answered<Company>(put(company._id, member.email, { role: 'buyer' }));
    expect(roles(invited)).toContainEqual([member.email, 'buyer', 'invited']);
    await answered(
      injectUnchecked(
        t,
        companies.acceptInvitation,
        { params: { companyId: company._id } },
        member,
      ),
    );
    const promoted = await answered<Company>(
      put(company._id, member.email, { role: 'owner', spendingLimit: 500 }),
    );
    expect(roles(promoted)).toContainEqual([member.email, 'owner', 'active']);
    // With another owner, the first may become a buyer; the last owner may not.
    await answered(put(company._id, owner.email, { role: 'buyer' }));
    const last = await put(company._id, member.email, { role: 'approver' });
    expect(last.statusCode).toBe(409);
    expect(last.json<ApiErrorBody>().message).toBe(companyMessages.lastOwner);

    const removed = await answered<Company>(remove(company._id, owner.email));
    expect(roles(removed)).toEqual([[member.email, 'owner', 'active']]);
  });

  it('before its owner accepts, the admin may withdraw the invitation and invite another', async () => {
    const first = await verified('Fay First');
    const second = await verified('Sid Second');
    const company = await answered<Company>(
      open({ name: 'Waiting Parts Ltd', ownerEmail: first.email }),
      201,
    );
    expect(roles(await answered<Company>(remove(company._id, first.email)))).toEqual([]);
    const again = await answered<Company>(put(company._id, second.email, { role: 'owner' }));
    expect(roles(again)).toEqual([[second.email, 'owner', 'invited']]);
  });

  it('refuses a customer (403) and a bad owner address (400), creating nothing', async () => {
    const customer = await verified('Cas Customer');
    const before = await answered<{ total: number }>(
      injectUnchecked(t, companies.list, { query: { q: 'Refused Parts' } }, boss),
    );
    expect(
      (await open({ name: 'Refused Parts Ltd', ownerEmail: customer.email }, customer)).statusCode,
    ).toBe(403);
    expect((await open({ name: 'Refused Parts Ltd', ownerEmail: 'not-an-email' })).statusCode).toBe(
      400,
    );
    expect((await open({ name: '', ownerEmail: customer.email })).statusCode).toBe(400);
    const after = await answered<{ total: number }>(
      injectUnchecked(t, companies.list, { query: { q: 'Refused Parts' } }, boss),
    );
    expect(after.total).toBe(before.total);
  });
});
