import { productInputSchema, reviewInputSchema } from '@shop/shared';
import type { Auth } from '../auth/auth.js';
import type { Db } from './client.js';
import { countProducts, createProduct } from '../modules/catalog/service.js';
import { createReview } from '../modules/reviews/service.js';
import { countAccounts, upsertShopUser } from '../modules/users/service.js';
import { demoProducts, demoReviews, demoUsers } from './seed-data.js';

export interface SeedResult {
  seeded: boolean;
  products: number;
  reviews: number;
  users: number;
}

/**
 * Fills an empty shop with the demo catalogue and reviews, and an empty account list with the
 * demo admin and customer, through the same service functions, schemas and Better Auth calls
 * the API uses. A database that has products (or accounts) keeps them, so a restart never
 * duplicates or overwrites data.
 */
export async function seedDemoData(db: Db, auth: Auth): Promise<SeedResult> {
  const catalogue = await seedCatalogue(db);
  const users = await seedDemoUsers(db, auth);
  return { seeded: catalogue.products > 0 || users > 0, ...catalogue, users };
}

async function seedCatalogue(db: Db) {
  if ((await countProducts(db)) > 0) return { products: 0, reviews: 0 };
  return db.transaction(async (tx) => {
    // The catalogue lists the newest product first, so the list is added from its end: the
    // shop then shows the demo products in the order seed-data.ts gives them.
    for (const product of [...demoProducts].reverse()) {
      await createProduct(tx, productInputSchema.parse(product));
    }
    for (const review of demoReviews) {
      const { rating, discription } = reviewInputSchema.parse(review);
      await createReview(tx, { name: review.name, email: review.email, rating, discription });
    }
    return { products: demoProducts.length, reviews: demoReviews.length };
  });
}

/** Signs the demo users up exactly as the signup form does: same rules, same hashing. */
async function seedDemoUsers(db: Db, auth: Auth): Promise<number> {
  if ((await countAccounts(db)) > 0) return 0;
  for (const { name, email, password, admin } of demoUsers) {
    await auth.api.signUpEmail({ body: { name, email, password } });
    await upsertShopUser(db, email, { admin });
  }
  return demoUsers.length;
}
