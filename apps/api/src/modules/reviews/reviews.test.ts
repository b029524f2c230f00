import {
  api,
  REVIEW_LIST_MAX,
  REVIEWS_PER_DAY,
  reviewCreatedSchema,
  reviewMessages,
  reviewSchema,
  type ApiErrorBody,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { reviews } from '../../db/schema.js';
import { demoReviews } from '../../seed/seed-data.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { createReview } from './service.js';

const HOUR_MS = 60 * 60 * 1000;

describe.each(testDatabases())('reviews on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...MANY_SIGN_UPS, RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const listReviews = async () => {
    const response = await inject(t, api.reviews.list);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  // Any body: some tests send what the contract refuses.
  const postReview = (who: SignedIn | null, body: unknown) =>
    injectUnchecked(t, api.reviews.create, { body }, who ?? {});

  const storedReviewsOf = (who: SignedIn) =>
    t.db.select().from(reviews).where(eq(reviews.email, who.user.email));

  it('lists the seeded reviews oldest first, with _id, an integer rating and no email', async () => {
    const body = await listReviews();
    expect(body.map((r) => r.name)).toEqual(demoReviews.map((r) => r.name));
    for (const review of body) {
      expect(reviewSchema.strict().safeParse(review).success).toBe(true);
      expect(review).not.toHaveProperty('email');
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
    const body = await listReviews();
    expect(body.at(-1)).toMatchObject({
      name: 'Newest Buyer',
      rating: 4,
      discription: 'Fast delivery.',
    });
    expect(JSON.stringify(body)).not.toContain('newest@example.com');
  });

  describe('POST /api/review', () => {
    let customer: SignedIn;
    beforeAll(async () => {
      customer = await signedIn(t, { name: 'Rita Reviewer' });
    });

    it('stores the review under the signed-in name and email, whatever the body says, last in GET /reviews', async () => {
      const response = await postReview(customer, {
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
        rating: 4,
        discription: 'Trays arrived on time and every card worked.',
        createdAt: expect.any(String),
      });
      const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, body.insertedId));
      expect(stored).toMatchObject({ email: customer.user.email, userId: expect.any(String) });
      const list = await listReviews();
      expect(list.at(-1)).toEqual(body.review);
      expect(JSON.stringify(list)).not.toContain(customer.user.email);
    });

    it('takes the current display name, as update-user changed it', async () => {
      const rename = await inject(
        t,
        api.auth.updateUser,
        { body: { name: 'Rita Renamed' } },
        { cookie: customer.cookie },
      );
      expect(rename.statusCode, rename.body).toBe(200);
      const response = await postReview(customer, {
        rating: 0,
        discription: 'Zero stars is allowed.',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().review).toMatchObject({ name: 'RITA RENAMED', rating: 0 });
    });

    it('refuses an anonymous or badly signed request with 401 and stores nothing', async () => {
      const count = (await t.db.select().from(reviews)).length;
      const anonymous = await postReview(null, { rating: 5, discription: 'Spam' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<ApiErrorBody>().message).toBe(guardMessages.missing);
      const forged = await postReview(
        { ...customer, cookie: '', headers: { authorization: 'Bearer not.a.token' } },
        { rating: 5, discription: 'Spam' },
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
      const response = await postReview(customer, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(message);
      const stored = await storedReviewsOf(customer);
      expect(stored.every((r) => r.discription !== body.discription)).toBe(true);
    });
  });

  describe(`at most ${REVIEWS_PER_DAY} reviews in 24 hours per customer`, () => {
    it(`answers the ${REVIEWS_PER_DAY + 1}th with 429 and its message, and stores nothing`, async () => {
      const writer = await signedIn(t, { name: 'Prolific Writer' });
      for (let n = 1; n <= REVIEWS_PER_DAY; n += 1) {
        const response = await postReview(writer, { rating: 5, discription: `Review ${n}.` });
        expect(response.statusCode, response.body).toBe(201);
      }
      const refused = await postReview(writer, { rating: 5, discription: 'One too many.' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: reviewMessages.dailyLimit,
      });
      expect(await storedReviewsOf(writer)).toHaveLength(REVIEWS_PER_DAY);

      // Another customer is not held back by this one's reviews.
      const neighbour = await signedIn(t, { name: 'Quiet Neighbour' });
      const theirs = await postReview(neighbour, { rating: 4, discription: 'My first.' });
      expect(theirs.statusCode, theirs.body).toBe(201);
    });

    it('counts a rolling 24 hours: reviews posted earlier than that do not count', async () => {
      const regular = await signedIn(t, { name: 'Regular Writer' });
      const first = await postReview(regular, { rating: 4, discription: 'Yesterday.' });
      expect(first.statusCode, first.body).toBe(201);
      // Two posted 25 hours ago and one exactly 24 hours ago (on its edge): none count.
      const [row] = await storedReviewsOf(regular);
      const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS);
      await t.db
        .update(reviews)
        .set({ createdAt: ago(25) })
        .where(eq(reviews.id, row!.id));
      for (const hours of [25, 24.001]) {
        await t.db.insert(reviews).values({
          userId: row!.userId,
          name: row!.name,
          email: row!.email,
          rating: 3,
          discription: `Posted ${hours} hours ago.`,
          createdAt: ago(hours),
        });
      }
      for (let n = 1; n <= REVIEWS_PER_DAY; n += 1) {
        const response = await postReview(regular, { rating: 5, discription: `Today ${n}.` });
        expect(response.statusCode, response.body).toBe(201);
      }
      const refused = await postReview(regular, { rating: 5, discription: 'Today 4.' });
      expect(refused.statusCode).toBe(429);
    });

    it(`takes exactly ${REVIEWS_PER_DAY} of 6 posts sent at the same moment`, async () => {
      const burst = await signedIn(t, { name: 'Burst Writer' });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          postReview(burst, { rating: 5, discription: `Burst ${n}.` }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      expect(await storedReviewsOf(burst)).toHaveLength(REVIEWS_PER_DAY);
    });
  });

  it(`answers only the newest ${REVIEW_LIST_MAX}, oldest first among them`, async () => {
    const extra = 5;
    for (let n = 0; n < REVIEW_LIST_MAX + extra; n += 1) {
      await createReview(t.db, {
        name: `Bulk ${n}`,
        email: `bulk${n}@example.com`,
        rating: 3,
        discription: `Bulk review ${n}.`,
      });
    }
    const body = await listReviews();
    expect(body).toHaveLength(REVIEW_LIST_MAX);
    expect(body.map((r) => r.name)).toEqual(
      Array.from({ length: REVIEW_LIST_MAX }, (_, n) => `Bulk ${n + extra}`),
    );
  });
});
