import {
  api,
  taxMessages,
  type AuditPage,
  type TaxExemption,
  type TaxExemptionPage,
  type TaxRates,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { multipartFile } from '../../test-support/multipart.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';
import { activeExemptions } from './exemptions.js';
import { usRates } from './rates.js';

const { tax } = api;

const CERTIFICATE_URL = '/uploads/0123456789abcdef01234567.pdf';

/**
 * The tax routes (DESIGN section 9, "tax"): the admin's US state rate table (JSON or CSV,
 * replaced whole, audited), a company owner's exemption certificates and the admin's review.
 */
describe.each(testDatabases())('tax rates and exemptions on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  let owner: Shopper;
  let buyer: Shopper;
  let stranger: Shopper;
  let companyId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...orderTestEnv(), TAX_NEXUS_STATES: 'ca, ny' },
    });
    admin = await adminShopper(t);
    [owner, buyer, stranger] = await Promise.all([shopper(t), shopper(t), shopper(t)]);
    const company = await answered<{ _id: string }>(
      injectUnchecked(t, api.companies.create, { body: { name: 'Taxed Parts Inc' } }, owner),
      201,
    );
    companyId = company._id;
    await addMember(t, owner, companyId, buyer, { role: 'buyer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const putRates = (body: unknown, who: Shopper = admin) =>
    injectUnchecked(t, tax.replaceRates, { body }, who);
  const auditEntries = async () =>
    (await answered<AuditPage>(injectUnchecked(t, api.audit.list, {}, admin))).items;

  describe('the rate table', () => {
    it('answers the table with the seller country and nexus states', async () => {
      const rates = await answered<TaxRates>(injectUnchecked(t, tax.rates, {}, admin));
      expect(rates).toMatchObject({ sellerCountry: 'US', nexusStates: ['CA', 'NY'] });
    });

    it('is replaced whole from JSON, and the change is audited state by state', async () => {
      await answered(
        putRates({
          rates: [
            { region: 'CA', rate: 0.0725 },
            { region: 'tx', rate: 0.0625 },
          ],
        }),
      );
      const answer = await answered<TaxRates>(
        putRates({
          rates: [
            { region: 'CA', rate: 0.075 },
            { region: 'NY', rate: 0.04 },
          ],
        }),
      );
      expect(answer.rates).toEqual([
        { region: 'CA', rate: 0.075 },
        { region: 'NY', rate: 0.04 },
      ]);
      expect(await usRates(t.db)).toEqual({ CA: 0.075, NY: 0.04 });
      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        action: 'tax.rates',
        actorEmail: admin.email,
        details: {
          changes: [
            { region: 'CA', from: 0.0725, to: 0.075 },
            { region: 'NY', from: null, to: 0.04 },
            { region: 'TX', from: 0.0625, to: null },
          ],
        },
      });
    });

    it('takes the same as CSV, with a header, semicolons or percentages', async () => {
      const answer = await answered<TaxRates>(
        putRates({ csv: 'region,rate\r\nCA,0.0725\nnj;6.625%\n\n"WA","0.065"\n' }),
      );
      expect(answer.rates).toEqual([
        { region: 'CA', rate: 0.0725 },
        { region: 'NJ', rate: 0.06625 },
        { region: 'WA', rate: 0.065 },
      ]);
    });

    it('refuses a bad table with a message naming the line, and changes nothing', async () => {
      const before = await usRates(t.db);
      const badCsv = await answered<{ message: string }>(
        putRates({ csv: 'region,rate\nCA,0.0725\nXX,0.05\nNY,1.5\n' }),
        400,
      );
      expect(badCsv.message).toContain(taxMessages.csvLine(3, taxMessages.region));
      expect(badCsv.message).toContain('Line 4:');
      const twice = await answered<{ message: string }>(
        putRates({
          rates: [
            { region: 'CA', rate: 0.07 },
            { region: 'CA', rate: 0.08 },
          ],
        }),
        400,
      );
      expect(twice.message).toContain(taxMessages.duplicate('CA'));
      await answered(putRates({ rates: [{ region: 'CA', rate: 1 }] }), 400);
      await answered(putRates({ rates: [{ region: 'CA', rate: -0.01 }] }), 400);
      await answered(putRates({ rates: [], csv: '' }), 400);
      expect(await usRates(t.db)).toEqual(before);
    });

    it('is the admin’s alone', async () => {
      await answered(injectUnchecked(t, tax.rates, {}, owner), 403);
      await answered(putRates({ rates: [] }, owner), 403);
      await answered(injectUnchecked(t, tax.rates, {}), 401);
    });
  });

  describe('exemption certificates', () => {
    const send = (body: object, who: Shopper = owner, id = companyId) =>
      injectUnchecked(t, tax.createExemption, { params: { id }, body }, who);
    const certificate = (overrides: object = {}) => ({
      region: 'ca',
      certificateNumber: 'CA-RESALE-0042',
      expiresOn: '2099-06-30',
      file: CERTIFICATE_URL,
      ...overrides,
    });
    const review = (id: string, body: object, who: Shopper = admin) =>
      injectUnchecked(t, tax.reviewExemption, { params: { id }, body }, who);

    it('uploads a PDF certificate and serves it back', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
      const file = multipartFile('file', 'resale.pdf', 'application/pdf', pdf);
      const uploaded = await answered<{ url: string }>(
        injectUnchecked(
          t,
          tax.uploadCertificate,
          { body: file.payload },
          { headers: { ...owner.headers, ...file.headers } },
        ),
        201,
      );
      expect(uploaded.url).toMatch(/^\/uploads\/[0-9a-f]{24}\.pdf$/);
      const served = await t.app.inject({ method: 'GET', url: uploaded.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(pdf)).toBe(true);

      const script = multipartFile('file', 'x.pdf', 'application/pdf', Buffer.from('<script>'));
      await answered(
        injectUnchecked(
          t,
          tax.uploadCertificate,
          { body: script.payload },
          { headers: { ...owner.headers, ...script.headers } },
        ),
        415,
      );
    });

    it('is sent by the owner, pending, and read by owner and admin, not by a buyer', async () => {
      const sent = await answered<TaxExemption>(send(certificate()), 201);
      expect(sent).toMatchObject({
        companyId,
        companyName: 'Taxed Parts Inc',
        region: 'CA',
        status: 'pending',
        reviewedBy: null,
        reason: null,
      });
      const mine = await answered<TaxExemptionPage>(
        injectUnchecked(t, tax.listExemptions, { params: { id: companyId } }, owner),
      );
      expect(mine.items.map((item) => item._id)).toContain(sent._id);
      await answered(injectUnchecked(t, tax.listExemptions, { params: { id: companyId } }, admin));
      await answered(
        injectUnchecked(t, tax.listExemptions, { params: { id: companyId } }, buyer),
        403,
      );
      await answered(
        injectUnchecked(t, tax.listExemptions, { params: { id: companyId } }, stranger),
        403,
      );
      await answered(send(certificate(), buyer), 403);
      await answered(send(certificate(), stranger), 403);
      await answered(send(certificate(), admin), 403);
      await answered(send(certificate(), owner, '00000000-0000-4000-8000-000000000000'), 404);
    });

    it('refuses an expired certificate or a file the shop did not store', async () => {
      const expired = await answered<{ message: string }>(
        send(certificate({ expiresOn: '2020-01-01' })),
        400,
      );
      expect(expired.message).toBe(taxMessages.expired);
      await answered(send(certificate({ file: 'https://evil.example/cert.pdf' })), 400);
      await answered(send(certificate({ region: 'ZZ' })), 400);
    });

    it('exempts once approved, until it expires; a refusal carries its reason', async () => {
      const approvedOne = await answered<TaxExemption>(
        send(certificate({ region: 'NY', expiresOn: '2099-01-31' })),
        201,
      );
      const refusedOne = await answered<TaxExemption>(
        send(certificate({ region: 'TX', certificateNumber: 'TX-01-339' })),
        201,
      );
      expect(await activeExemptions(t.db, companyId, '2026-11-27')).toEqual([]);

      const pending = await answered<TaxExemptionPage>(
        injectUnchecked(t, tax.adminExemptions, { query: { status: 'pending' } }, admin),
      );
      expect(pending.items.map((item) => item._id)).toEqual(
        expect.arrayContaining([approvedOne._id, refusedOne._id]),
      );

      const approved = await answered<TaxExemption>(
        review(approvedOne._id, { status: 'approved' }),
      );
      expect(approved).toMatchObject({ status: 'approved', reviewedBy: admin.email });
      expect(approved.reviewedAt).toEqual(expect.any(String));
      expect(await activeExemptions(t.db, companyId, '2099-01-31')).toEqual([
        { region: 'NY', expiresOn: '2099-01-31' },
      ]);
      expect(await activeExemptions(t.db, companyId, '2099-02-01')).toEqual([]);

      await answered(review(refusedOne._id, { status: 'refused' }), 400);
      const refused = await answered<TaxExemption>(
        review(refusedOne._id, { status: 'refused', reason: 'The certificate is not signed.' }),
      );
      expect(refused).toMatchObject({
        status: 'refused',
        reason: 'The certificate is not signed.',
      });

      // Reviewed once: a second decision is a conflict, not an edit.
      const again = await answered<{ message: string }>(
        review(approvedOne._id, { status: 'refused', reason: 'Changed my mind' }),
        409,
      );
      expect(again.message).toBe(taxMessages.decided);
      await answered(review('00000000-0000-4000-8000-000000000000', { status: 'approved' }), 404);
      await answered(review(refusedOne._id, { status: 'approved' }, owner), 403);

      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        action: 'tax.exemption',
        targetType: 'company',
        targetId: companyId,
        details: { status: 'refused', region: 'TX', reason: 'The certificate is not signed.' },
      });
    });

    it('pages the admin’s list', async () => {
      const page = await answered<TaxExemptionPage>(
        injectUnchecked(t, tax.adminExemptions, { query: { limit: '1', page: '2' } }, admin),
      );
      expect(page).toMatchObject({ page: 2, limit: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.total).toBeGreaterThanOrEqual(3);
      await answered(
        injectUnchecked(t, tax.adminExemptions, { query: { limit: '101' } }, admin),
        400,
      );
      await answered(
        injectUnchecked(t, tax.adminExemptions, { query: { status: 'lost' } }, admin),
        400,
      );
    });
  });
});
