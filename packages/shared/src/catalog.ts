import { z } from 'zod';
import { answers, idSchema } from './answers.js';
import { apiErrorSchema } from './common.js';
import { LIMITS } from './constants.js';
import { imageUrlSchema, isOneLine, isSafeText } from './fields.js';
import { messages } from './messages.js';
import { dollarsSchema } from './money-schema.js';
import { formatNumber } from './number-text.js';
import { pageOf, pagingMessages, PAGE_LIMIT_MAX } from './paging.js';
import { syncAnswerShape, syncQueryShape } from './sync.js';
import { weightKgSchema } from './shipping.js';

/** Product (SPEC calls it item). Prices are dollars per piece, with at most two decimals. */
export const productSchema = z.object(answers.product.shape);
export type Product = z.infer<typeof productSchema>;
export type PriceTierInput = Product['priceTiers'][number];
export type ProductSpec = Product['specs'][number];

/** Bounds of the catalogue's fields beyond SPEC's (DESIGN section 8). */
export const PRODUCT_LIMITS = {
  sku: { min: 3, max: 32 },
  category: 40,
  tiers: 10,
  specs: 30,
  specLabel: 60,
  specValue: 200,
} as const;

/** A part number: capitals, digits and dashes (DESIGN section 8); typed lowercase is uppercased. */
export const SKU_PATTERN = /^[A-Z0-9-]{3,32}$/;
/** A category is a slug: lowercase words joined by single dashes ("storage", "power-supplies"). */
export const CATEGORY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Where a product goes when nobody named its category (SPEC's POST /item has no such field). */
export const DEFAULT_CATEGORY = 'other';

/** Plain-English messages for the catalogue's fields: what an admin reads under the field. */
export const productMessages = {
  tooLong: (field: string, max: number) =>
    `Please keep the ${field} to ${formatNumber(max)} characters or fewer.`,
  dollars: (field: string) =>
    `Please give the ${field} in dollars, with at most two decimals (for example 89 or 89.50).`,
  wholeNumber: (field: string, min: number) =>
    `Please give the ${field} as a whole number of ${min} or more.`,
  tooBig: (field: string) => `The ${field} is too large.`,
  sku: 'A part number has 3 to 32 capital letters, digits or dashes (for example CPU-32C-28).',
  skuTaken: (sku: string) => `Another product already has the part number ${sku}.`,
  category: 'A category is lowercase words joined by dashes (for example power-supplies).',
  minimumPacks: (increment: number) =>
    `The minimum order must be a whole number of packs of ${increment}.`,
  maximumBelowMinimum: (minimum: number) =>
    `The maximum per order must be at least the minimum order of ${minimum}.`,
  maximumPacks: (increment: number) =>
    `The maximum per order must be a whole number of packs of ${increment}.`,
  tierAboveMinimum: (minimum: number) =>
    `Each volume price must start above the minimum order of ${minimum} pieces.`,
  tiersAscending: 'Each volume price must need more pieces than the one before it.',
  tiersFalling: 'Each volume price must be lower than the price before it.',
  tooManyTiers: `Please give at most ${PRODUCT_LIMITS.tiers} volume prices.`,
  tooManySpecs: `Please give at most ${PRODUCT_LIMITS.specs} specifications.`,
} as const;

/**
 * Free text an admin types: trimmed, required, with a plain-English message for each bound; of
 * one line unless `multiLine` (a description).
 */
const productText = (field: string, max: number, multiLine = false) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, productMessages.tooLong(field, max))
    .refine(multiLine ? isSafeText : isOneLine, multiLine ? messages.unsafeText : messages.oneLine);

/** A whole number of at least `min`; a fraction gets its own message instead of being rounded. */
const whole = (field: string, min: number, fraction = productMessages.wholeNumber(field, min)) =>
  z
    .number({ error: productMessages.wholeNumber(field, min) })
    .int(fraction)
    .min(min, productMessages.wholeNumber(field, min))
    .max(LIMITS.maxInt, productMessages.tooBig(field));

/** An amount of dollars with at most two decimals (money-schema.ts); the server keeps cents. */
const dollars = (field: string) =>
  dollarsSchema(productMessages.dollars(field), productMessages.tooBig(field));

export const skuSchema = z
  .string({ error: productMessages.sku })
  .trim()
  .toUpperCase()
  .regex(SKU_PATTERN, productMessages.sku);

export const categorySchema = z
  .string({ error: productMessages.category })
  .trim()
  .toLowerCase()
  .max(PRODUCT_LIMITS.category, productMessages.tooLong('category', PRODUCT_LIMITS.category))
  .regex(CATEGORY_PATTERN, productMessages.category);

export const priceTierSchema = z
  .object({
    minQuantity: whole('tier quantity', 2),
    price: dollars('tier price'),
  })
  .strict();

export const productSpecSchema = z
  .object({
    label: productText('specification name', PRODUCT_LIMITS.specLabel),
    value: productText('specification value', PRODUCT_LIMITS.specValue),
  })
  .strict();

/**
 * The picture of a product created without one (decision 031): a neutral drawing the shop
 * serves, so every card, order copy and email still has an image to show.
 */
export const PRODUCT_PLACEHOLDER_IMG = '/images/products/placeholder.svg';

/** Every field an admin may set, each with its own rule; `productProblems` checks them together. */
const productFields = {
  name: productText('name', LIMITS.productName),
  img: imageUrlSchema,
  description: productText('description', LIMITS.description, true),
  price: dollars('price'),
  minimum: whole('minimum order', 1),
  available: whole('stock', 0),
  sku: skuSchema,
  category: categorySchema,
  increment: whole('pack size', 1),
  maximum: whole('maximum per order', 1).nullable(),
  priceTiers: z.array(priceTierSchema).max(PRODUCT_LIMITS.tiers, productMessages.tooManyTiers),
  specs: z.array(productSpecSchema).max(PRODUCT_LIMITS.specs, productMessages.tooManySpecs),
  lowStockThreshold: whole('low-stock threshold', 0),
  /** Kilograms per piece, for shipping rates by weight (decision 036). */
  weightKg: weightKgSchema,
};

/** The fields whose combination `productProblems` judges. */
export type ProductTerms = Pick<
  Product,
  'price' | 'minimum' | 'increment' | 'maximum' | 'priceTiers'
>;

export interface ProductProblem {
  field: 'minimum' | 'maximum' | 'priceTiers';
  message: string;
}

/**
 * The rules between fields (DESIGN section 8): the minimum and maximum are whole packs, the
 * maximum is at least the minimum, and volume prices start above the minimum, need more pieces
 * each and cost less each. The server checks the product as it will be after a change (a PUT may
 * change one field of several); the admin's form shows the same messages.
 */
export function productProblems(product: ProductTerms): ProductProblem[] {
  const problems: ProductProblem[] = [];
  const { price, minimum, increment, maximum, priceTiers } = product;
  if (minimum % increment !== 0)
    problems.push({ field: 'minimum', message: productMessages.minimumPacks(increment) });
  if (maximum != null && maximum < minimum)
    problems.push({ field: 'maximum', message: productMessages.maximumBelowMinimum(minimum) });
  else if (maximum != null && maximum % increment !== 0)
    problems.push({ field: 'maximum', message: productMessages.maximumPacks(increment) });
  let previous = { minQuantity: minimum, price };
  for (const [index, tier] of priceTiers.entries()) {
    if (tier.minQuantity <= previous.minQuantity) {
      const message =
        index === 0 ? productMessages.tierAboveMinimum(minimum) : productMessages.tiersAscending;
      problems.push({ field: 'priceTiers', message });
      break;
    }
    if (tier.price >= previous.price) {
      problems.push({ field: 'priceTiers', message: productMessages.tiersFalling });
      break;
    }
    previous = tier;
  }
  return problems;
}

const addProblems = (product: ProductTerms, context: z.RefinementCtx) => {
  for (const problem of productProblems(product))
    context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

/**
 * Body of POST /item: SPEC's six fields (what SPEC's form sends and the seed sends), the image
 * optional (decision 031: without one the product shows PRODUCT_PLACEHOLDER_IMG), and the
 * part-two fields, each optional: a product without a part number gets one from the server
 * (`P-` and its sequence), without a category goes to `other`.
 */
export const productInputSchema = z
  .object({
    name: productFields.name,
    img: productFields.img.default(PRODUCT_PLACEHOLDER_IMG),
    description: productFields.description,
    price: productFields.price,
    minimum: productFields.minimum,
    available: productFields.available,
    sku: productFields.sku.optional(),
    category: productFields.category.default(DEFAULT_CATEGORY),
    increment: productFields.increment.default(1),
    maximum: productFields.maximum.default(null),
    priceTiers: productFields.priceTiers.default([]),
    specs: productFields.specs.default([]),
    lowStockThreshold: productFields.lowStockThreshold.default(0),
    weightKg: productFields.weightKg.default(0),
  })
  .strict()
  .superRefine(addProblems);
export type ProductInput = z.infer<typeof productInputSchema>;
/** What a caller sends to POST /item: the part-two fields may be left out. */
export type ProductInputBody = z.input<typeof productInputSchema>;

/**
 * Body of PUT /item/{id}: any field, partial (DESIGN section 8), including name and image. The
 * rules between fields are checked by the server on the product as the change leaves it.
 */
export const productUpdateSchema = z
  .object(productFields)
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Give at least one field to change.');
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** Answer of POST /item. */
export const productCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  product: productSchema,
});
export type ProductCreated = z.infer<typeof productCreatedSchema>;

/** Answer of PUT /item/{id}. */
export const productUpdatedSchema = z.object({
  acknowledged: z.literal(true),
  product: productSchema,
});
export type ProductUpdated = z.infer<typeof productUpdatedSchema>;

/** GET /items answers at most this many products, newest first (docs/decisions/019). */
export const ITEMS_LIST_MAX = 100;

/** The orders GET /products may be sorted in (DESIGN section 8). */
export const PRODUCT_SORTS = ['relevance', 'price', '-price', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_DEFAULT = 24;
export const SEARCH_QUERY_MAX = 100;

export const productSearchMessages = {
  query: `Please search with at most ${SEARCH_QUERY_MAX} characters.`,
  sort: `Please sort by one of ${PRODUCT_SORTS.join(', ')}.`,
  stock: 'Please filter stock by "low" or leave it out.',
} as const;

/** One query parameter given once, as text (a repeated one arrives as an array: refused). */
const oneText = (message: string) => z.string({ error: message });
const wholeText = (max: number, message: string) =>
  oneText(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** `GET /products?q=&category=&sort=&page=&limit=&stock=`. */
export const productSearchQuerySchema = z
  .object({
    q: oneText(productSearchMessages.query)
      .max(SEARCH_QUERY_MAX, productSearchMessages.query)
      .refine(isSafeText, messages.unsafeText)
      .transform((value) => value.trim())
      .default(''),
    category: categorySchema.optional(),
    sort: z.enum(PRODUCT_SORTS, { error: productSearchMessages.sort }).default('relevance'),
    page: wholeText(999_999_999, pagingMessages.page).default(1),
    limit: wholeText(PAGE_LIMIT_MAX, pagingMessages.limit).default(PRODUCT_PAGE_DEFAULT),
    /** `low`: only products at or below their low-stock threshold (the admin's filter). */
    stock: z.enum(['low'], { error: productSearchMessages.stock }).optional(),
    ...syncQueryShape,
  })
  .strict();
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;
export type ProductSearch = z.output<typeof productSearchQuerySchema>;

export const categoryCountSchema = z.object({ category: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof categoryCountSchema>;

/** Answer of GET /products: a page, and how many products of each category match the search. */
export const productPageSchema = pageOf(productSchema).extend({
  categories: z.array(categoryCountSchema),
  ...syncAnswerShape,
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** Answer of POST /uploads. */
export const uploadedSchema = z.object({ url: z.string() });
export type Uploaded = z.infer<typeof uploadedSchema>;

/** Whether a product is at or below its low-stock threshold (0 means no warning). */
export const isLowStock = (product: Pick<Product, 'available' | 'lowStockThreshold'>) =>
  product.lowStockThreshold > 0 && product.available <= product.lowStockThreshold;

/** Body of POST /admin/products/import: the CSV text, and whether to only report (dry run). */
/**
 * The longest catalogue CSV one import takes: 100,000 products at 160 characters a row (part
 * number, name, price, stock, category and a short description) fit.
 */
export const CATALOG_IMPORT_CHARS_MAX = 16_000_000;

export const catalogImportSchema = z
  .object({
    csv: z
      .string({ error: 'Please give the CSV text.' })
      .min(1, 'Please give the CSV text.')
      .max(CATALOG_IMPORT_CHARS_MAX, 'Please import at most 16 MB of CSV at once.')
      .refine(isSafeText, messages.unsafeText),
    dryRun: z.boolean().default(false),
  })
  .strict();
export type CatalogImport = z.input<typeof catalogImportSchema>;

const fieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export const importProblemSchema = z.object({
  /** The CSV line (1 is the header). */
  line: z.number().int(),
  sku: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What an import did, or (dry run) would do: by part number, products created and changed. */
export const catalogImportReportSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  created: z.array(z.object({ line: z.number().int(), sku: z.string(), name: z.string() })),
  updated: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string(),
      name: z.string(),
      changes: z.array(fieldChangeSchema),
    }),
  ),
  unchanged: z.number().int(),
  problems: z.array(importProblemSchema),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

/** A refused import: the error body with every line that stopped it; nothing was changed. */
export const importRefusedSchema = apiErrorSchema.extend({
  problems: z.array(importProblemSchema),
});
