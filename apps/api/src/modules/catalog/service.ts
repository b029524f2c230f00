import {
  fromCents,
  GRAMS_PER_KG,
  ITEMS_LIST_MAX,
  toCents,
  toGrams,
  type Product,
  type ProductInput,
} from '@shop/shared';
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
  /** Grams in the row; `productAnswer` answers kilograms. */
  weightKg: products.weightGrams,
};

/** A product as `productColumns` reads it: the answer's fields, its prices in cents, its weight in grams. */
export type ProductRow = Product;

/**
 * The product as the API answers it: its prices (list and volume) from cents to dollars
 * (docs/decisions/027). Every product answer is made by this one function.
 */
export const productAnswer = (row: ProductRow): Product => ({
  ...row,
  price: fromCents(row.price),
  weightKg: row.weightKg / GRAMS_PER_KG,
  // In the contract's key order (jsonb keeps its own): the answer reads as the contract writes it.
  priceTiers: row.priceTiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    price: fromCents(tier.price),
  })),
});

/**
 * The prices (dollars) and weight (kilograms) a caller sent as the database keeps them: cents,
 * and whole grams in `weightGrams`.
 */
export function pricesInCents<
  T extends { price?: number; priceTiers?: Product['priceTiers']; weightKg?: number },
>(input: T): Omit<T, 'weightKg'> & { weightGrams?: number } {
  const { weightKg, ...rest } = input;
  return {
    ...rest,
    ...(weightKg !== undefined && { weightGrams: toGrams(weightKg) }),
    ...(input.price !== undefined && { price: toCents(input.price) }),
    ...(input.priceTiers !== undefined && {
      priceTiers: input.priceTiers.map((tier) => ({ ...tier, price: toCents(tier.price) })),
    }),
  };
}

/**
 * GET /items: the newest products, at most ITEMS_LIST_MAX. The home page shows the first six, so
 * a part the factory has just added is what visitors see (docs/decisions/002); the rest of a
 * large catalogue is paged through GET /products (docs/decisions/019).
 */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .orderBy(desc(products.seq))
    .limit(ITEMS_LIST_MAX);
  return rows.map(productAnswer);
}

/** One product, or null when no product has this id. The id must already be a valid UUID. */
export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return product ? productAnswer(product) : null;
}

/** SPEC's six fields, and any of the others (the database fills in their defaults). */
export type NewProduct = Pick<
  ProductInput,
  'name' | 'img' | 'description' | 'price' | 'minimum' | 'available'
> &
  Partial<ProductInput>;

/**
 * Inserts a product from input already parsed by `productInputSchema` (dollars, stored as
 * cents); answers it in dollars. The caller commits.
 */
export async function insertProduct(db: Db, input: NewProduct): Promise<Product> {
  const [product] = await db
    .insert(products)
    .values(pricesInCents(input))
    .returning(productColumns);
  if (!product) throw new Error('The database returned no row for the new product.');
  return productAnswer(product);
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
