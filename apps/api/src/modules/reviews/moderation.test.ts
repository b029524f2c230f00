import { api, reviewCreatedSchema, reviewMessages, type ApiErrorBody } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { auditLog } from '../../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';

describe.each(testDatabases())('DELETE /api/review/{id} on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...MANY_SIGN_UPS, SEED_DEMO_DATA: 'false' } });
    admin = await signedIn(t, { admin: true, name: 'Mona Moderator' });
    customer = await signedIn(t, { name: 'Carl Customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const listReviews = async () => {
    const response = await inject(t, api.reviews.list);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const postReview = (who: SignedIn, body: { rating: number; discription: string }) =>
    inject(t, api.reviews.create, { body }, who);

  const postOwn = async (text: string) => {
    const response = await postReview(customer, { rating: 1, discription: text });
    expect(response.statusCode, response.body).toBe(201);
    return reviewCreatedSchema.parse(response.json()).review;
  };
  const deleteAs = (who: SignedIn | null, id: string) =>
    inject(t, api.reviews.remove, { params: { id } }, who ?? {});
  const auditRows = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'review.delete'));

  it('lets an admin delete a review: gone from GET /reviews, recorded in the audit log', async () => {
    const review = await postOwn('Buy elsewhere!!! cheap-parts.example');
    const response = await deleteAs(admin, review._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await listReviews()).some((r) => r._id === review._id)).toBe(false);

    const audit = await inject(t, api.audit.list, { query: { limit: '1' } }, admin);
    expect(audit.json().items[0]).toMatchObject({
      actorEmail: admin.user.email,
      action: 'review.delete',
      targetType: 'review',
      targetId: review._id,
      targetLabel: 'CARL CUSTOMER: Buy elsewhere!!! cheap-parts.example',
      details: {
        email: customer.user.email,
        rating: 1,
        discription: 'Buy elsewhere!!! cheap-parts.example',
      },
    });
  });

  it('refuses customers (403) and anonymous callers (401), and deletes nothing', async () => {
    const review = await postOwn('Mine to keep.');
    const before = (await auditRows()).length;
    const asCustomer = await deleteAs(customer, review._id);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json<ApiErrorBody>().message).toBe(guardMessages.notAdmin);
    const anonymous = await deleteAs(null, review._id);
    expect(anonymous.statusCode).toBe(401);
    expect((await listReviews()).some((r) => r._id === review._id)).toBe(true);
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers 404 for an unknown id and 400 for a malformed one, recording nothing', async () => {
    const before = (await auditRows()).length;
    const unknown = await deleteAs(admin, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().message).toBe(reviewMessages.notFound);
    const malformed = await deleteAs(admin, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().message).toMatch(/^id: /);
    expect(await auditRows()).toHaveLength(before);
  });
});
