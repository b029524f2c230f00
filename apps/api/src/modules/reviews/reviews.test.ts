import { reviewCreatedSchema, reviewSchema, type Review } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { reviews } from '../../db/schema.js';
import { demoReviews } from '../../db/seed-data.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { createReview } from './service.js';

describe.each(testDatabases())('reviews on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: MANY_SIGN_UPS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded reviews oldest first, with _id and an integer rating', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Review[]>();
    expect(body.map((r) => r.name)).toEqual(demoReviews.map((r) => r.name));
    for (const review of body) {
      expect(reviewSchema.strict().safeParse(review).success).toBe(true);
      expect(review.rating).toBeGreaterThanOrEqual(3);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
    expect(body.some((r) => r.discription.length > 150)).toBe(true);
  });

  it('puts a new review last', async () => {
    await createReview(t.db, {
      name: 'Newest Buyer',
      email: 'newest@example.com',
      rating: 4,
      discription: 'Fast delivery.',
    });
    const body = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
    expect(body.at(-1)).toMatchObject({
      name: 'Newest Buyer',
      rating: 4,
      discription: 'Fast delivery.',
    });
  });

  describe('POST /api/review', () => {
    let customer: SignedIn;
    beforeAll(async () => {
      customer = await signedIn(t, { name: 'Rita Reviewer' });
    });

    const postReview = (body: unknown, headers: Record<string, string> = customer.headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/review',
        payload: body as Record<string, unknown>,
        headers,
      });

    it('stores the review under the signed-in name and email, whatever the body says, last in GET /reviews', async () => {
      const response = await postReview({
        name: 'Somebody Else',
        email: 'somebody@else.com',
        rating: 4,
        discription: 'Trays arrived on time and every card worked.',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = reviewCreatedSchema.strict().parse(response.json());
      expect(body.review).toEqual({
        _id: body.insertedId,
        name: 'RITA REVIEWER',
        email: customer.user.email,
        rating: 4,
        discription: 'Trays arrived on time and every card worked.',
      });
      const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
      expect(list.at(-1)).toEqual(body.review);
      expect(list.some((r) => r.email === 'somebody@else.com')).toBe(false);
    });

    it('takes the current display name, as update-user changed it', async () => {
      const rename = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        payload: { name: 'Rita Renamed' },
        headers: { origin: t.config.publicUrl, cookie: customer.cookie },
      });
      expect(rename.statusCode, rename.body).toBe(200);
      const response = await postReview({ rating: 0, discription: 'Zero stars is allowed.' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().review).toMatchObject({ name: 'RITA RENAMED', rating: 0 });
    });

    it('refuses an anonymous or badly signed request with 401 and stores nothing', async () => {
      const count = (await t.db.select().from(reviews)).length;
      const anonymous = await postReview({ rating: 5, discription: 'Spam' }, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(guardMessages.missing);
      const forged = await postReview(
        { rating: 5, discription: 'Spam' },
        { authorization: 'Bearer not.a.token' },
      );
      expect(forged.statusCode).toBe(401);
      expect(await t.db.select().from(reviews)).toHaveLength(count);
    });

    it.each([
      ['a rating above 5', { rating: 6, discription: 'Too good' }, /^rating: /],
      ['a negative rating', { rating: -1, discription: 'Too bad' }, /^rating: /],
      ['a fractional rating', { rating: 3.5, discription: 'Half' }, /^rating: /],
      ['a rating as text', { rating: '4', discription: 'Text' }, /^rating: Expected number/],
      ['no rating', { discription: 'No stars' }, /^rating: /],
      [
        'an empty comment',
        { rating: 3, discription: '  ' },
        /^discription: This field is required\.$/,
      ],
      ['a comment too long', { rating: 3, discription: 'x'.repeat(1001) }, /^discription: /],
    ])('refuses %s with 400 naming the field', async (_label, body, message) => {
      const response = await postReview(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      const stored = await t.db
        .select()
        .from(reviews)
        .where(eq(reviews.email, customer.user.email));
      expect(stored.every((r) => r.discription !== body.discription)).toBe(true);
    });
  });
});
