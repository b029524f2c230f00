import type { Product, ProductInput, ProductUpdate } from '@shop/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { catalogChanged } from './snapshot.js';

const productColumns = {
  _id: products.id,
  name: products.name,
  img: products.img,
  description: products.description,
  price: products.price,
  minimum: products.minimum,
  available: products.available,
};

/**
 * Every product, newest first: the home page shows the first six, so a part the factory has
 * just added is what visitors see (docs/decisions/002).
 */
export function listProducts(db: Db): Promise<Product[]> {
  return db.select(productColumns).from(products).orderBy(desc(products.seq));
}

/** One product, or null when no product has this id. The id must already be a valid UUID. */
export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return product ?? null;
}

/** Creates a product from input already parsed by `productInputSchema`. */
export async function createProduct(db: Db, input: ProductInput): Promise<Product> {
  const [product] = await db.insert(products).values(input).returning(productColumns);
  if (!product) throw new Error('The database returned no row for the new product.');
  catalogChanged(db);
  return product;
}

/**
 * Changes price, minimum, stock or description; null when no product has this id.
 *
 * `available` set here is a restock, not a correction of past sales: placing an order already
 * took its pieces off `available` (they are held for it), so the figure an admin types is the
 * number of pieces still left to sell. Cancelling or deleting an unpaid order later gives its
 * pieces back on top of that figure.
 */
export async function updateProduct(
  db: Db,
  id: string,
  update: ProductUpdate,
): Promise<Product | null> {
  const [product] = await db
    .update(products)
    .set(update)
    .where(eq(products.id, id))
    .returning(productColumns);
  if (product) catalogChanged(db);
  return product ?? null;
}

/**
 * Deletes a product; answers how many rows went (0 or 1). Orders that name it keep their own
 * copy of name, image and text; the database sets their `product_id` to null.
 */
export async function deleteProduct(db: Db, id: string): Promise<number> {
  const deleted = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (deleted.length) catalogChanged(db);
  return deleted.length;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}
