import {
  shippingMethodInputSchema,
  type ShippingMethod,
  type ShippingMethodInputBody,
} from '@shop/shared';
import { z } from 'zod';

/*
 * The shipping method form (admin): every field as typed, read into the body of one method and
 * checked with the server's own schema, so each message is the server's, under its field.
 */

/** A number as typed; empty or no number is NaN, which the schema refuses with its message. */
const numberOf = (text: string): number => {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
};
const optionalNumberOf = (text: string): number | null =>
  text.trim() === '' ? null : numberOf(text);

export const PRICINGS = ['flat', 'bands'] as const;

const formFieldsSchema = z.object({
  name: z.string(),
  carrier: z.string(),
  /** Country codes separated by commas or spaces: "US, CA". */
  countries: z.string(),
  pricing: z.enum(PRICINGS),
  flatPrice: z.string(),
  weightBands: z.array(z.object({ upToKg: z.string(), price: z.string() })),
  /** Empty: never free. */
  freeAbove: z.string(),
  daysMin: z.string(),
  daysMax: z.string(),
  sortOrder: z.string(),
  active: z.boolean(),
});

export const shippingMethodFormSchema = formFieldsSchema.transform((form, context) => {
  const body = bodyOf(form);
  const parsed = shippingMethodInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  // The countries are one field of text: a message about one of them goes under it.
  for (const issue of parsed.error.issues)
    context.addIssue({
      code: 'custom',
      path: issue.path[0] === 'countries' ? ['countries'] : issue.path,
      message: issue.message,
    });
  return z.NEVER;
});

/** The form's strings as the body of one method. */
function bodyOf(form: z.output<typeof formFieldsSchema>) {
  return {
    name: form.name,
    carrier: form.carrier,
    countries: form.countries.split(/[\s,;]+/).filter(Boolean),
    flatPrice: form.pricing === 'flat' ? optionalNumberOf(form.flatPrice) : null,
    weightBands:
      form.pricing === 'bands'
        ? form.weightBands.map((band) => ({
            upToKg: numberOf(band.upToKg),
            price: numberOf(band.price),
          }))
        : [],
    freeAbove: optionalNumberOf(form.freeAbove),
    daysMin: numberOf(form.daysMin),
    daysMax: numberOf(form.daysMax),
    sortOrder: optionalNumberOf(form.sortOrder) ?? 0,
    active: form.active,
  };
}

export type ShippingMethodFormValues = z.input<typeof shippingMethodFormSchema>;
export type ShippingMethodFormOutput = z.output<typeof shippingMethodFormSchema>;

export const emptyShippingMethod: ShippingMethodFormValues = {
  name: '',
  carrier: '',
  countries: '',
  pricing: 'flat',
  flatPrice: '',
  weightBands: [],
  freeAbove: '',
  daysMin: '',
  daysMax: '',
  sortOrder: '0',
  active: true,
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** A stored method as the form's strings. */
export const formValuesOf = (method: ShippingMethod): ShippingMethodFormValues => ({
  name: method.name,
  carrier: method.carrier,
  countries: method.countries.join(', '),
  pricing: method.flatPrice === null ? 'bands' : 'flat',
  flatPrice: text(method.flatPrice),
  weightBands: method.weightBands.map((band) => ({
    upToKg: String(band.upToKg),
    price: String(band.price),
  })),
  freeAbove: text(method.freeAbove),
  daysMin: String(method.daysMin),
  daysMax: String(method.daysMax),
  sortOrder: String(method.sortOrder),
  active: method.active,
});

/** A stored method as PUT takes it back: the answer's fields are the body's. */
export const inputOf = (method: ShippingMethod): ShippingMethodInputBody => ({ ...method });
