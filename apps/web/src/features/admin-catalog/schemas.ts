import { messages, productInputSchema, productUpdateSchema, type Product } from '@shop/shared';
import { z } from 'zod';

/** Not a SPEC message: what a number field says when it holds no number at all. */
export const NOT_A_NUMBER = 'Please give a number.';

const requiredText = z.string().trim().min(1, messages.required);

/**
 * A number field as typed. SPEC section 5: converted to an integer before sending, so "12.9"
 * becomes 12; the shared schema then checks the range.
 */
const integerText = requiredText
  .regex(/^[-+]?\d+(\.\d*)?$/, NOT_A_NUMBER)
  .transform((value) => Number.parseInt(value, 10));

/**
 * The Add A Product form: every field required first (so an empty form names all six), then
 * productInputSchema, the server's own rules and messages.
 */
export const productFormSchema = z
  .object({
    name: requiredText,
    img: requiredText,
    price: integerText,
    minimum: integerText,
    available: integerText,
    description: requiredText,
  })
  .pipe(productInputSchema);
export type ProductFormValues = z.input<typeof productFormSchema>;
export const productFormFields = [
  'name',
  'img',
  'price',
  'minimum',
  'available',
  'description',
] as const satisfies readonly (keyof ProductFormValues)[];

/** The Edit dialog: what a manufacturer changes on a product it already sells. */
export const productEditFormSchema = z.object({
  price: integerText,
  minimum: integerText,
  available: integerText,
  description: requiredText,
});
export type ProductEditValues = z.input<typeof productEditFormSchema>;
export type ProductEdit = z.output<typeof productEditFormSchema>;
export const productEditFields = [
  'price',
  'minimum',
  'available',
  'description',
] as const satisfies readonly (keyof ProductEditValues)[];

export const editValuesOf = (product: Product): ProductEditValues => ({
  price: String(product.price),
  minimum: String(product.minimum),
  available: String(product.available),
  description: product.description,
});

/**
 * The body of `routes.catalog.update`: the fields whose value differs from the product, checked
 * with the server's productUpdateSchema (which refuses an empty change).
 */
export function productChanges(product: Product, edit: ProductEdit) {
  const changes = Object.fromEntries(
    productEditFields
      .filter((field) => edit[field] !== product[field])
      .map((field) => [field, edit[field]]),
  );
  return productUpdateSchema.safeParse(changes);
}
