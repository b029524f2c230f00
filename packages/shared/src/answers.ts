import * as z from 'zod/mini';
import { hasAtMostTwoDecimals } from './money.js';

/*
 * The API's answers that the web app reads on its first page (shop settings, products, reviews,
 * errors, the shop token, the admin check, the newsletter answer), written with zod/mini. The
 * classic schemas the server and the other pages use (productSchema, reviewSchema, ...) are built
 * from these same objects, so each rule is written once. The server checks every answer against
 * them as it serializes it; the web app itself no longer parses these answers, so its first load
 * carries no zod at all (docs/decisions/008).
 */

/** Every id the API hands out is a UUID; anything else is refused before a query runs. */
export const idSchema = z.uuid({ error: 'Please give a valid id.' });

/**
 * An amount of money as every answer carries it: dollars with at most two decimals (DESIGN
 * section 9; the server keeps integer cents and converts as it answers, money.ts).
 */
export const moneyAnswerSchema = z
  .number()
  .check(z.refine(hasAtMostTwoDecimals, 'An amount has at most two decimals.'));

/**
 * Product (SPEC calls it item). Prices are dollars per piece, with at most two decimals. After SPEC's six fields come
 * DESIGN section 8's: part number, category, pack size, maximum per order, volume prices,
 * specifications, and the stock at or below which admins are warned.
 */
const product = z.object({
  _id: idSchema,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  price: moneyAnswerSchema,
  minimum: z.int(),
  available: z.int(),
  sku: z.string(),
  category: z.string(),
  increment: z.int(),
  maximum: z.nullable(z.int()),
  priceTiers: z.array(z.object({ minQuantity: z.int(), price: moneyAnswerSchema })),
  specs: z.array(z.object({ label: z.string(), value: z.string() })),
  lowStockThreshold: z.int(),
  /** Shipping weight of one piece in kilograms (at most three decimals); 0 when not given. */
  weightKg: z.number(),
  /**
   * The unit price agreed with the caller's company (issue 15), sent only to its members: they
   * pay the lower of it and the volume price for the quantity.
   */
  contractPrice: z.optional(moneyAnswerSchema),
});

/**
 * Review. `discription` is spelt as SPEC spells it. No `email`: SPEC's entity had one, but the
 * list is public and would publish every reviewer's address (decision 010, DESIGN section 8).
 */
const review = z.object({
  _id: idSchema,
  name: z.string(),
  rating: z.int(),
  discription: z.string(),
  /** When it was posted (ISO 8601): the moderation page shows it. */
  createdAt: z.string(),
});

export const answers = {
  product,
  productList: z.array(product),
  review,
  reviewList: z.array(review),
  /** Public settings the web app reads at start (DESIGN section 5, GET /config). */
  publicConfig: z.object({
    shopName: z.string(),
    payment: z.object({
      gateway: z.enum(['sandbox', 'stripe']),
      publishableKey: z.nullable(z.string()),
    }),
    googleEnabled: z.boolean(),
  }),
  /** The error body every API failure answers with (DESIGN section 5). */
  apiError: z.object({
    statusCode: z.int(),
    error: z.string(),
    message: z.string(),
  }),
  /** Answer of PUT /user/{email}: the shop token, kept in localStorage.accessToken. */
  shopToken: z.object({ token: z.string() }),
  /** Answer of GET /admin/{email} (SPEC: "Admin check answer"). */
  adminStatus: z.object({ admin: z.boolean() }),
  /** Answer of POST /subscribe: 201 for a new address, 200 with alreadySubscribed for a repeat. */
  subscribeResult: z.object({
    acknowledged: z.literal(true),
    alreadySubscribed: z.boolean(),
    message: z.string(),
  }),
};
