import {
  REVIEW_LIST_MAX,
  REVIEW_WINDOW_HOURS,
  REVIEWS_PER_DAY,
  preview,
  reviewMessages,
  type Review,
  type ReviewInput,
} from '@shop/shared';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { guardMessages } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { reviews, users } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';
import { accountName, type SignedInUser } from '../../kernel/people.js';

const reviewColumns = {
  _id: reviews.id,
  name: reviews.name,
  rating: reviews.rating,
  discription: reviews.discription,
  createdAt: reviews.createdAt,
};

type ReviewRow = Omit<Review, 'createdAt'> & { createdAt: Date };

const toReview = ({ createdAt, ...row }: ReviewRow): Review => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** What a review is stored with: the text and rating from the form, name and email from the user. */
export interface NewReview {
  name: string;
  email: string;
  rating: number;
  discription: string;
  userId?: string | null;
}

/**
 * GET /reviews: the newest REVIEW_LIST_MAX, oldest first among them, so the web app's reversal
 * (SPEC section 2) still shows the newest first. Never the reviewers' emails.
 */
export async function listReviews(db: Db): Promise<Review[]> {
  const newest = await db
    .select(reviewColumns)
    .from(reviews)
    .orderBy(desc(reviews.seq))
    .limit(REVIEW_LIST_MAX);
  return newest.reverse().map(toReview);
}

/** Stores a review as given (the seed, tests); POST /review goes through `addReview`. */
export async function createReview(db: Db, review: NewReview): Promise<Review> {
  const [row] = await db
    .insert(reviews)
    .values({ ...review, userId: review.userId ?? null })
    .returning(reviewColumns);
  if (!row) throw new Error('The database returned no row for the new review.');
  return toReview(row);
}

/**
 * POST /review: the rating and text are the user's; the name and email are who the token says
 * they are, whatever the body claims (DESIGN section 5). The name is the account's display name;
 * an account made without one (make-admin before any sign-up) shows its email.
 *
 * At most REVIEWS_PER_DAY in any REVIEW_WINDOW_HOURS (429 after). The user's row is locked
 * first, so one customer's posts sent at the same moment count one after another instead of
 * all reading the same "2 so far" and all being stored. `no key update` does not block the
 * foreign-key checks of the user's other writes (orders) meanwhile.
 */
export async function addReview(db: Db, user: SignedInUser, input: ReviewInput): Promise<Review> {
  const name = (await accountName(db, user.email)) ?? user.email;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (!locked) throw new HttpError(401, guardMessages.ended);
    const [recent] = await tx
      .select({ value: count() })
      .from(reviews)
      .where(
        and(
          eq(reviews.userId, user.id),
          gt(reviews.createdAt, sql`now() - make_interval(hours => ${REVIEW_WINDOW_HOURS})`),
        ),
      );
    if ((recent?.value ?? 0) >= REVIEWS_PER_DAY) {
      throw new HttpError(429, reviewMessages.dailyLimit);
    }
    return createReview(tx, { ...input, name, email: user.email, userId: user.id });
  });
}

/** DELETE /review/{id} (admin): moderation, recorded in the audit log in the same transaction. */
export async function deleteReview(db: Db, actor: AuditActor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
    if (!gone) throw notFound(reviewMessages.notFound);
    await recordAudit(tx, {
      actor,
      action: 'review.delete',
      targetType: 'review',
      targetId: gone.id,
      targetLabel: `${gone.name}: ${preview(gone.discription, 60)}`,
      // The removed text stays in the books, with who wrote it.
      details: {
        name: gone.name,
        email: gone.email,
        rating: gone.rating,
        discription: gone.discription,
        postedAt: gone.createdAt.toISOString(),
      },
    });
    return 1;
  });
}
