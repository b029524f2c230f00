import { ITEMS_LIST_MAX, type Product, type ProductInput } from '@shop/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { catalogChanged } from '../../db/changes.js';

export const catalogMessages = {
  notFound: 'No product with this id.',
} as const;

export const productColumns = {
  _id: products.id,
  name: products.name,
  img: products.img,
  description: products.description,
  price: products.price,
  minimum: products.minimum,
  available: products.available,
  sku: products.sku,
  category: products.category,
  increment: products.increment,
  maximum: products.maximum,
  priceTiers: products.priceTiers,
  specs: products.specs,
  lowStockThreshold: products.lowStockThreshold,
};

/**
 * GET /items: the newest products, at most ITEMS_LIST_MAX. The home page shows the first six, so
 * a part the factory has just added is what visitors see (docs/decisions/002); the rest of a
 * large catalogue is paged through GET /products (docs/decisions/019).
 */
export function listProducts(db: Db): Promise<Product[]> {
  return db.select(productColumns).from(products).orderBy(desc(products.seq)).limit(ITEMS_LIST_MAX);
}

/** One product, or null when no product has this id. The id must already be a valid UUID. */
export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return product ?? null;
}

/** SPEC's six fields, and any of the others (the database fills in their defaults). */
export type NewProduct = Pick<
  ProductInput,
  'name' | 'img' | 'description' | 'price' | 'minimum' | 'available'
> &
  Partial<ProductInput>;

/** Inserts a product from input already parsed by `productInputSchema`; the caller commits. */
export async function insertProduct(db: Db, input: NewProduct): Promise<Product> {
  const [product] = await db.insert(products).values(input).returning(productColumns);
  if (!product) throw new Error('The database returned no row for the new product.');
  return product;
}

/** Creates a product (the seed, tests); an admin's POST /item goes through `addProduct`. */
export async function createProduct(db: Db, input: NewProduct): Promise<Product> {
  const product = await insertProduct(db, input);
  catalogChanged(db);
  return product;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}
