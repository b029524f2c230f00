import { api, type MemberInput, type Purchase } from '@shop/shared';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { inject, type Who } from './inject.js';
import { CONTACT } from './purchases.js';
import { addProduct, shopper, type Shopper } from './shop.js';

/**
 * A member as a company gets one since issue 27: the owner invites, the person (signed in with
 * the address verified) accepts. Fails the test unless both answer 200.
 */
export async function addMember(
  t: TestApp,
  owner: Who,
  companyId: string,
  member: Who & { email: string },
  body: MemberInput,
) {
  const invited = await inject(
    t,
    api.companies.putMember,
    { params: { id: companyId, email: member.email }, body },
    owner,
  );
  expect(invited.statusCode, invited.body).toBe(200);
  const accepted = await inject(
    t,
    api.companies.acceptInvitation,
    { params: { companyId } },
    member,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

/**
 * A company of an owner and a buyer who accepted with this monthly spending limit (0: every
 * purchase waits for approval), both verified customers: the setup most buying tests start from.
 */
export async function companyTeam(
  t: TestApp,
  {
    spendingLimit,
    name = 'Contoso Ltd',
    taxId,
  }: { spendingLimit: number | null; name?: string; taxId?: string },
) {
  const [owner, buyer] = await Promise.all([shopper(t), shopper(t)]);
  const body = taxId === undefined ? { name } : { name, taxId };
  const created = await inject(t, api.companies.create, { body }, owner);
  expect(created.statusCode, created.body).toBe(201);
  const company = created.json();
  await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit });
  return { owner, buyer, company };
}

/**
 * A Net 30 company with no credit limit whose buyer bought on account for $1,000, $2,000 and
 * $3,000, in that order: three open invoices (issue 30).
 */
export async function invoicedTeam(t: TestApp, admin: Shopper, name: string) {
  const team = await companyTeam(t, { spendingLimit: null, name });
  const terms = await inject(
    t,
    api.companies.putTerms,
    {
      params: { id: team.company._id },
      body: { paymentTerms: 'net30', creditLimit: null, onHold: false },
    },
    admin,
  );
  expect(terms.statusCode, terms.body).toBe(200);
  const product = await addProduct(t, { name: 'Rack server', price: 1000, available: 100 });
  const bought: Purchase[] = [];
  for (const quantity of [1, 2, 3]) {
    const placed = await inject(
      t,
      api.purchases.checkout,
      {
        body: {
          lines: [{ productId: product._id, quantity }],
          ...CONTACT,
          paymentMethod: 'account',
        },
      },
      team.buyer,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    bought.push(placed.json() as Purchase);
  }
  return { ...team, bought };
}
