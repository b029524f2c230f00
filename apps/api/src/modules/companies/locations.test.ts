import {
  api,
  addressMessages,
  companyMessages,
  COMPANY_LOCATIONS_MAX,
  formatAddress,
  locationMessages,
  locationSchema,
  purchaseMessages,
  purchaseSchema,
  type ApiErrorBody,
  type Location,
  type PostalAddressInput,
  type Purchase,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyLocations } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const { locations } = api;

const warehouse: PostalAddressInput = {
  name: 'Receiving dock',
  company: 'Contoso Ltd',
  line1: '500 Howard Street',
  line2: 'Suite 4',
  city: 'San Francisco',
  region: 'ca',
  postalCode: '94107-1234',
  country: 'us',
};
const berlin: PostalAddressInput = {
  name: 'Wareneingang',
  line1: 'Friedrichstraße 12',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};
const phone = { number: '+1 415 555 0134' };

/** Ship-to locations (issue 29): owners and admins manage, members read, checkout picks one. */
describe.each(testDatabases())('company locations on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
    productId = (await addProduct(t, { price: 10, available: 1000 }))._id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (who: Shopper, id: string, body: object) =>
    injectUnchecked(t, locations.create, { params: { id }, body }, who);
  const list = (who: Shopper, id: string, query: Record<string, unknown> = {}) =>
    injectUnchecked(t, locations.list, { params: { id }, query }, who);
  const update = (who: Shopper, id: string, locationId: string, body: object) =>
    injectUnchecked(t, locations.update, { params: { id, locationId }, body }, who);
  const remove = (who: Shopper, id: string, locationId: string) =>
    injectUnchecked(t, locations.remove, { params: { id, locationId } }, who);
  const checkout = (who: Shopper, body: object) =>
    injectUnchecked(
      t,
      api.purchases.checkout,
      { body: { lines: [{ productId, quantity: 1 }], ...phone, ...body } },
      who,
    );
  const message = async (response: ReturnType<typeof create>, status: number) =>
    (await answered<ApiErrorBody>(response, status)).message;

  it('the owner adds, lists, renames and removes locations; the address is normalized; audited', async () => {
    const { owner, company } = await companyTeam(t, { spendingLimit: null });
    const added = locationSchema
      .strict()
      .parse(await answered(create(owner, company._id, { name: 'HQ', address: warehouse }), 201));
    expect(added).toMatchObject({
      companyId: company._id,
      name: 'HQ',
      taxExempt: false,
      address: { ...warehouse, region: 'CA', country: 'US' },
    });
    const second = await answered<Location>(
      create(owner, company._id, { name: 'Berlin', address: berlin }),
      201,
    );
    const page = await answered<{ items: Location[]; total: number }>(list(owner, company._id));
    expect(page.total).toBe(2);
    expect(page.items.map((l) => l.name)).toEqual(['Berlin', 'HQ']);
    expect(page.items[0]!.address).toEqual({ ...berlin, company: null, line2: null, region: null });

    const renamed = await answered<Location>(
      update(owner, company._id, second._id, { name: 'Berlin depot' }),
    );
    expect(renamed).toMatchObject({ name: 'Berlin depot', address: second.address });

    expect(await answered(remove(owner, company._id, second._id))).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await message(remove(owner, company._id, second._id), 404)).toBe(
      locationMessages.notFound,
    );
    const audit = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, company._id))
      .orderBy(auditLog.seq);
    expect(audit.map((row) => row.action)).toEqual([
      'location.create',
      'location.create',
      'location.update',
      'location.delete',
    ]);
    expect(audit[0]!.details).toMatchObject({ name: 'HQ', address: formatAddress(added.address) });
    expect(audit[2]!.details).toMatchObject({
      changes: { name: { from: 'Berlin', to: 'Berlin depot' } },
    });
  });

  it('members read but do not write; other companies and strangers get 403; unknown company 404', async () => {
    const { owner, buyer, company } = await companyTeam(t, { spendingLimit: null });
    const stranger = await shopper(t);
    const other = await companyTeam(t, { spendingLimit: null, name: 'Fabrikam GmbH' });
    const loc = await answered<Location>(
      create(owner, company._id, { name: 'HQ', address: warehouse }),
      201,
    );
    expect((await answered<{ total: number }>(list(buyer, company._id))).total).toBe(1);
    expect(await message(create(buyer, company._id, { name: 'X', address: berlin }), 403)).toBe(
      companyMessages.ownersOnly,
    );
    await answered(update(buyer, company._id, loc._id, { name: 'Mine' }), 403);
    await answered(remove(buyer, company._id, loc._id), 403);
    for (const who of [stranger, other.owner]) {
      await answered(list(who, company._id), 403);
      await answered(create(who, company._id, { name: 'X', address: berlin }), 403);
      await answered(update(who, company._id, loc._id, { name: 'Mine' }), 403);
      await answered(remove(who, company._id, loc._id), 403);
    }
    // Another company's owner names their own company with this company's location: 404.
    await answered(update(other.owner, other.company._id, loc._id, { name: 'Mine' }), 404);
    await answered(remove(other.owner, other.company._id, loc._id), 404);
    const nowhere = crypto.randomUUID();
    await answered(list(admin, nowhere), 404);
    await answered(create(admin, nowhere, { name: 'X', address: berlin }), 404);
    const [row] = await t.db
      .select()
      .from(companyLocations)
      .where(eq(companyLocations.id, loc._id));
    expect(row?.name).toBe('HQ');
  });

  it('only an admin sets taxExempt; the admin manages any company', async () => {
    const { owner, company } = await companyTeam(t, { spendingLimit: null });
    expect(
      await message(
        create(owner, company._id, { name: 'HQ', address: warehouse, taxExempt: true }),
        403,
      ),
    ).toBe(locationMessages.taxExemptAdminOnly);
    // Even false: the field is the admin's.
    await answered(
      create(owner, company._id, { name: 'HQ', address: warehouse, taxExempt: false }),
      403,
    );
    const loc = await answered<Location>(
      create(admin, company._id, { name: 'Exempt site', address: warehouse, taxExempt: true }),
      201,
    );
    expect(loc.taxExempt).toBe(true);
    await answered(update(owner, company._id, loc._id, { taxExempt: false }), 403);
    // The owner may still rename it; the exemption stays.
    expect(
      (await answered<Location>(update(owner, company._id, loc._id, { name: 'Plant 2' })))
        .taxExempt,
    ).toBe(true);
    const cleared = await answered<Location>(
      update(admin, company._id, loc._id, { taxExempt: false }),
    );
    expect(cleared.taxExempt).toBe(false);
    expect((await answered<{ total: number }>(list(admin, company._id))).total).toBe(1);
    await answered(remove(admin, company._id, loc._id));
  });

  it('refuses bad addresses with a message on the field, and changes nothing', async () => {
    const { owner, company } = await companyTeam(t, { spendingLimit: null });
    const bad = async (address: object, field: string, expected: string) => {
      const answer = await answered<ApiErrorBody>(
        create(owner, company._id, { name: 'HQ', address: { ...warehouse, ...address } }),
        400,
      );
      expect(answer.message, field).toContain(expected);
    };
    await bad({ postalCode: '9410' }, 'zip', addressMessages.postalCode('US'));
    await bad({ region: undefined }, 'state', addressMessages.regionRequired('US'));
    await bad({ region: 'XX' }, 'state', addressMessages.regionUnknown('US'));
    await bad({ country: 'XX' }, 'country', addressMessages.country);
    await bad({ country: 'DE', region: undefined }, 'plz', addressMessages.postalCode('DE'));
    await bad({ line1: '<script>' }, 'line1', addressMessages.characters);
    await bad({ city: '' }, 'city', addressMessages.city);
    expect((await answered<{ total: number }>(list(owner, company._id))).total).toBe(0);
    await answered(update(owner, company._id, crypto.randomUUID(), {}), 400);
  });

  it(`holds a company to ${COMPANY_LOCATIONS_MAX} locations, even when added at once`, async () => {
    const { owner, company } = await companyTeam(t, { spendingLimit: null });
    await t.db.insert(companyLocations).values(
      Array.from({ length: COMPANY_LOCATIONS_MAX - 2 }, (_, i) => ({
        companyId: company._id,
        name: `Site ${i}`,
        address: { ...warehouse, company: null, line2: null, region: 'CA', country: 'US' },
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        create(owner, company._id, { name: `Late ${i}`, address: berlin }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const tooMany = answers.find((a) => a.statusCode === 409);
    expect((tooMany?.json() as unknown as ApiErrorBody).message).toBe(locationMessages.tooMany);
    const page = await answered<{ total: number; items: unknown[] }>(
      list(owner, company._id, { limit: '100', page: '3' }),
    );
    expect(page.total).toBe(COMPANY_LOCATIONS_MAX);
    expect(page.items).toHaveLength(0);
    await answered(list(owner, company._id, { limit: '101' }), 400);
  });

  describe('checkout', () => {
    it('ships to a location of the buyer’s company: ship_to and its one-line address', async () => {
      const { owner, buyer, company } = await companyTeam(t, { spendingLimit: null });
      const loc = await answered<Location>(
        create(owner, company._id, { name: 'Berlin', address: berlin }),
        201,
      );
      const purchase = purchaseSchema
        .strict()
        .parse(await answered(checkout(buyer, { locationId: loc._id }), 201));
      expect(purchase.shipTo).toEqual(loc.address);
      expect(purchase.address).toBe(formatAddress(loc.address));
      expect(purchase.address).toBe('Wareneingang, Friedrichstraße 12, 10117 Berlin, Germany');
      // Read back, the purchase answers the same.
      const read = await answered<Purchase>(
        injectUnchecked(t, api.purchases.get, { params: { id: purchase._id } }, buyer),
      );
      expect(read.shipTo).toEqual(loc.address);
      // The location goes; the purchase keeps where it shipped.
      await answered(remove(owner, company._id, loc._id));
      const after = await answered<Purchase>(
        injectUnchecked(t, api.purchases.get, { params: { id: purchase._id } }, buyer),
      );
      expect(after.shipTo).toEqual(loc.address);
    });

    it('refuses a location of another company (404) and one without a company (400)', async () => {
      const mine = await companyTeam(t, { spendingLimit: null });
      const theirs = await companyTeam(t, { spendingLimit: null, name: 'Fabrikam GmbH' });
      const loner = await shopper(t, {}, { verified: true });
      const foreign = await answered<Location>(
        create(theirs.owner, theirs.company._id, { name: 'Berlin', address: berlin }),
        201,
      );
      expect(await message(checkout(mine.buyer, { locationId: foreign._id }), 404)).toBe(
        locationMessages.notFound,
      );
      expect(
        await message(
          checkout(mine.buyer, { locationId: foreign._id, address: '1 Main Street, Leeds' }),
          404,
        ),
      ).toBe(locationMessages.notFound);
      expect(await message(checkout(loner, { locationId: foreign._id }), 400)).toBe(
        locationMessages.noCompany,
      );
      const purchases = await answered<{ total: number }>(
        injectUnchecked(t, api.purchases.listOwn, {}, mine.buyer),
      );
      expect(purchases.total).toBe(0);
    });

    it('takes shipTo, over SPEC’s address; the one-line address alone still works', async () => {
      const buyer = await shopper(t, {}, { verified: true });
      const typed = await answered<Purchase>(
        checkout(buyer, { shipTo: warehouse, address: 'ignored, 1 Other Road' }),
        201,
      );
      expect(typed.shipTo).toEqual({ ...warehouse, region: 'CA', country: 'US' });
      expect(typed.address).toBe(
        'Receiving dock, Contoso Ltd, 500 Howard Street, Suite 4, San Francisco, CA 94107-1234, United States',
      );
      const spec = await answered<Purchase>(
        checkout(buyer, { address: '12 Harbour Road, Leeds' }),
        201,
      );
      expect(spec).toMatchObject({ shipTo: null, address: '12 Harbour Road, Leeds' });
      expect(await message(checkout(buyer, {}), 400)).toContain(purchaseMessages.noAddress);
      const refused = await answered<ApiErrorBody>(
        checkout(buyer, { shipTo: { ...berlin, postalCode: '1011' } }),
        400,
      );
      expect(refused.message).toContain(addressMessages.postalCode('DE'));
    });
  });
});
