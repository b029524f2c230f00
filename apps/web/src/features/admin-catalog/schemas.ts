import {
  moneyText,
  LIMITS,
  messages,
  priceTierSchema,
  productInputSchema,
  productMessages,
  productProblems,
  productSpecSchema,
  productUpdateSchema,
  PRODUCT_LIMITS,
  type Product,
} from '@shop/shared';
import { z } from 'zod';

/** Not a SPEC message: what a number field says when it holds no number at all. */
export const NOT_A_NUMBER = 'Please give a number.';

/** Not a SPEC message: the question before saving a product nobody can order. */
export const STOCK_BELOW_MINIMUM =
  'Stock is below the minimum order: customers cannot order it. Save anyway?';

/** Not a SPEC message: the toast after an edit. */
export const PRODUCT_UPDATED = 'Product Updated Successfully!';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** What was typed, as a number; an issue (and z.NEVER) when it is empty or no number. */
function readNumber(value: string, context: z.RefinementCtx<string>): number {
  if (value === '') {
    context.addIssue({ code: 'custom', message: messages.required });
    return z.NEVER;
  }
  if (!NUMBER.test(value)) {
    context.addIssue({ code: 'custom', message: NOT_A_NUMBER });
    return z.NEVER;
  }
  return Number(value);
}

/**
 * A number field as typed, read as it is: "12.75" stays 12.75, so the shared schema refuses it
 * with its own message instead of the form rounding a price (docs/decisions/019, "Admin form").
 */
const numberText = <T extends z.ZodType<unknown, number>>(target: T) =>
  z.string().trim().transform(readNumber).pipe(target);

/** The same, where an empty field means none (the maximum per order). */
const optionalNumberText = <T extends z.ZodType<unknown, number | null>>(target: T) =>
  z
    .string()
    .trim()
    .transform((value, context) => (value === '' ? null : readNumber(value, context)))
    .pipe(target);

/** Optional text: left empty, the server's default applies (a part number, the category). */
const optionalText = <T extends z.ZodType<unknown, string | undefined>>(target: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(target);

const shape = productInputSchema.shape;

export const tierRowSchema = z.object({
  minQuantity: numberText(priceTierSchema.shape.minQuantity),
  price: numberText(priceTierSchema.shape.price),
});

/**
 * The product form (Add A Product and Edit): every field as typed, each checked with the shared
 * schema's rule and message, then the rules between fields (productProblems) under their field.
 */
export const productFormSchema = z
  .object({
    name: shape.name,
    img: z
      .string()
      .trim()
      .max(LIMITS.imageUrl, productMessages.tooLong('image URL', LIMITS.imageUrl))
      // Left empty, the product shows the shop's placeholder picture (decision 031).
      .transform((value) => value || undefined)
      .pipe(shape.img),
    description: shape.description,
    price: numberText(shape.price),
    minimum: numberText(shape.minimum),
    available: numberText(shape.available),
    sku: optionalText(shape.sku),
    category: optionalText(shape.category),
    increment: numberText(shape.increment.unwrap()),
    maximum: optionalNumberText(shape.maximum.unwrap()),
    lowStockThreshold: numberText(shape.lowStockThreshold.unwrap()),
    weightKg: numberText(shape.weightKg.unwrap()),
    priceTiers: z.array(tierRowSchema).max(PRODUCT_LIMITS.tiers, productMessages.tooManyTiers),
    specs: z.array(productSpecSchema).max(PRODUCT_LIMITS.specs, productMessages.tooManySpecs),
  })
  .superRefine((product, context) => {
    for (const problem of productProblems(product))
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type TierRow = ProductFormValues['priceTiers'][number];
export type SpecRow = ProductFormValues['specs'][number];

export const productFormFields = [
  'name',
  'img',
  'description',
  'price',
  'minimum',
  'available',
  'sku',
  'category',
  'increment',
  'maximum',
  'lowStockThreshold',
  'weightKg',
  'priceTiers',
  'specs',
] as const satisfies readonly (keyof ProductFormValues & keyof Product)[];
export type ProductFormField = (typeof productFormFields)[number];

/** A new product: SPEC's six fields empty, the others at the server's defaults. */
export const emptyProduct: ProductFormValues = {
  name: '',
  img: '',
  description: '',
  price: '',
  minimum: '',
  available: '',
  sku: '',
  category: '',
  increment: '1',
  maximum: '',
  lowStockThreshold: '0',
  weightKg: '0',
  priceTiers: [],
  specs: [],
};

export const formValuesOf = (product: Product): ProductFormValues => ({
  name: product.name,
  img: product.img,
  description: product.description,
  price: moneyText(product.price),
  minimum: String(product.minimum),
  available: String(product.available),
  sku: product.sku,
  category: product.category,
  increment: String(product.increment),
  maximum: product.maximum === null ? '' : String(product.maximum),
  lowStockThreshold: String(product.lowStockThreshold),
  weightKg: String(product.weightKg),
  priceTiers: product.priceTiers.map((tier) => ({
    minQuantity: String(tier.minQuantity),
    price: moneyText(tier.price),
  })),
  specs: product.specs.map((spec) => ({ ...spec })),
});

/** Whether customers could order the product at all: not when the stock is below the minimum. */
export const stockBelowMinimum = (product: Pick<ProductFormOutput, 'available' | 'minimum'>) =>
  product.available < product.minimum;

/**
 * The body of `routes.catalog.update`: the fields whose value differs from the product, checked
 * with the server's productUpdateSchema (which refuses an empty change). A part number left
 * empty keeps the product's.
 */
export function productChanges(product: Product, edit: ProductFormOutput) {
  const changes = Object.fromEntries(
    productFormFields
      .filter(
        (field) =>
          edit[field] !== undefined &&
          JSON.stringify(edit[field]) !== JSON.stringify(product[field]),
      )
      .map((field) => [field, edit[field]]),
  );
  return productUpdateSchema.safeParse(changes);
}
