import type { Review, ReviewInput } from '@shop/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reviews } from '../../db/schema.js';
import { accountName, type ShopUser } from '../users/service.js';

const reviewColumns = {
  _id: reviews.id,
  name: reviews.name,
  email: reviews.email,
  rating: reviews.rating,
  discription: reviews.discription,
};

/** What a review is stored with: the text and rating from the form, name and email from the user. */
export interface NewReview {
  name: string;
  email: string;
  rating: number;
  discription: string;
  userId?: string | null;
}

/** Oldest first; the web app reverses the list to show the newest first (SPEC section 2). */
export function listReviews(db: Db): Promise<Review[]> {
  return db.select(reviewColumns).from(reviews).orderBy(asc(reviews.seq));
}

export async function createReview(db: Db, review: NewReview): Promise<Review> {
  const [row] = await db
    .insert(reviews)
    .values({ ...review, userId: review.userId ?? null })
    .returning(reviewColumns);
  if (!row) throw new Error('The database returned no row for the new review.');
  return row;
}

/**
 * POST /review: the rating and text are the user's; the name and email are who the token says
 * they are, whatever the body claims (DESIGN section 5). The name is the account's display name;
 * an account made without one (make-admin before any sign-up) shows its email.
 */
export async function addReview(db: Db, user: ShopUser, input: ReviewInput): Promise<Review> {
  const name = (await accountName(db, user.email)) ?? user.email;
  return createReview(db, { ...input, name, email: user.email, userId: user.id });
}
