import { z } from 'zod';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { isCountryCode } from './country-codes.js';
import { isOneLine } from './fields.js';
import { messages } from './messages.js';
import { dollarsSchema } from './money-schema.js';
import { formatNumber } from './number-text.js';
import { GRAMS_PER_KG, toGrams } from './shipping-rate.js';

/*
 * Shipping methods (DESIGN section 9, issue 29 item 2; docs/decisions/036): the admin's list of
 * ways to send a parcel, each serving a zone of countries at a flat price or by weight bands,
 * free above an amount, in so many business days. Dollars in JSON, cents inside (decision 027).
 */

export const SHIPPING_LIMITS = {
  /** Methods the shop keeps: the whole list is one answer and one PUT. */
  methods: 100,
  bands: 20,
  name: 80,
  carrier: 60,
  /** Business days in transit: sea freight takes weeks, nothing takes a year. */
  days: 120,
  /** Kilograms: a full 40-foot container carries about 26 tonnes. */
  weightKg: 100_000,
  sortOrder: 10_000,
} as const;

export const shippingMessages = {
  country: 'Please give a country as its two-letter ISO code (for example US or DE).',
  countries: 'Please give at least one country the method ships to.',
  repeatedCountry: (code: string) => `The country ${code} is listed twice.`,
  weight: `Please give a weight in kilograms from 0 to ${formatNumber(SHIPPING_LIMITS.weightKg)}, with at most three decimals.`,
  bandLimit: `Please give each band's limit in kilograms above 0, up to ${formatNumber(SHIPPING_LIMITS.weightKg)}, with at most three decimals.`,
  price: (field: string) =>
    `Please give the ${field} in dollars, with at most two decimals (for example 9 or 9.50).`,
  onePricing: 'Please give either a flat price or weight bands, not both and not neither.',
  bandsAscending: 'Each weight band must reach further than the one before it.',
  tooManyBands: `Please give at most ${SHIPPING_LIMITS.bands} weight bands.`,
  days: `Please give the days in transit as a whole number from 0 to ${SHIPPING_LIMITS.days}.`,
  daysOrder: 'The most days in transit must be at least the fewest.',
  tooMany: `Please keep at most ${SHIPPING_LIMITS.methods} shipping methods.`,
  repeatedId: 'A method is listed twice.',
  repeatedName: (name: string) => `Two methods are called ${name}.`,
  unknownMethod: 'One of the methods no longer exists: reload the list and try again.',
  sortOrder: `Please give the position as a whole number from 0 to ${formatNumber(SHIPPING_LIMITS.sortOrder)}.`,
  subtotal: 'Please give the subtotal in dollars, with at most two decimals.',
  methodDoesNotServe:
    'The shipping method you chose does not ship this order to this address: please choose another.',
  noMethodServes: (country: string) =>
    `We cannot ship this order to ${country}: no shipping method takes it there (it may be too heavy). Please contact us for a quote.`,
} as const;

/** Whether `kg` is a weight in kilograms with at most three decimals (1.25, 0.005). */
export const hasAtMostThreeDecimals = (kg: number): boolean =>
  Number.isFinite(kg) && toGrams(kg) / GRAMS_PER_KG === kg;

/** A weight in kilograms an admin gives: 0 up to SHIPPING_LIMITS.weightKg, at most 3 decimals. */
export const weightKgSchema = z
  .number({ error: shippingMessages.weight })
  .min(0, shippingMessages.weight)
  .max(SHIPPING_LIMITS.weightKg, shippingMessages.weight)
  .refine(hasAtMostThreeDecimals, shippingMessages.weight);

/** A country code; typed lowercase is uppercased. */
export const countryCodeSchema = z
  .string({ error: shippingMessages.country })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, shippingMessages.country);

const text = (field: string, max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, `Please keep the ${field} to ${max} characters or fewer.`)
    .refine(isOneLine, messages.oneLine);

const days = z
  .number({ error: shippingMessages.days })
  .int(shippingMessages.days)
  .min(0, shippingMessages.days)
  .max(SHIPPING_LIMITS.days, shippingMessages.days);

export const weightBandSchema = z
  .object({
    upToKg: weightKgSchema.refine((kg) => kg > 0, shippingMessages.bandLimit),
    price: dollarsSchema(shippingMessages.price('band price')),
  })
  .strict();

/** The fields of a method an admin sets, each with its own rule. */
const methodFields = {
  name: text('name', SHIPPING_LIMITS.name),
  carrier: text('carrier', SHIPPING_LIMITS.carrier),
  countries: z
    .array(countryCodeSchema, { error: shippingMessages.countries })
    .min(1, shippingMessages.countries)
    .max(300, shippingMessages.countries),
  flatPrice: dollarsSchema(shippingMessages.price('flat price')).nullable(),
  weightBands: z.array(weightBandSchema).max(SHIPPING_LIMITS.bands, shippingMessages.tooManyBands),
  freeAbove: dollarsSchema(shippingMessages.price('free-shipping threshold')).nullable(),
  daysMin: days,
  daysMax: days,
  active: z.boolean(),
  sortOrder: z
    .number({ error: shippingMessages.sortOrder })
    .int(shippingMessages.sortOrder)
    .min(0, shippingMessages.sortOrder)
    .max(SHIPPING_LIMITS.sortOrder, shippingMessages.sortOrder),
};

export type ShippingMethodFields = {
  [K in keyof typeof methodFields]: z.output<(typeof methodFields)[K]>;
};

export interface ShippingMethodProblem {
  field: 'countries' | 'flatPrice' | 'weightBands' | 'daysMax';
  message: string;
}

/**
 * The rules between fields: one pricing (flat or bands), bands reaching further each, the most
 * days at least the fewest, no country twice. The server and the admin's form both call it.
 */
export function shippingMethodProblems(
  method: Pick<
    ShippingMethodFields,
    'countries' | 'flatPrice' | 'weightBands' | 'daysMin' | 'daysMax'
  >,
): ShippingMethodProblem[] {
  const problems: ShippingMethodProblem[] = [];
  const seen = new Set<string>();
  for (const code of method.countries) {
    if (seen.has(code)) {
      problems.push({ field: 'countries', message: shippingMessages.repeatedCountry(code) });
      break;
    }
    seen.add(code);
  }
  if ((method.flatPrice === null) === (method.weightBands.length === 0))
    problems.push({ field: 'flatPrice', message: shippingMessages.onePricing });
  for (let index = 1; index < method.weightBands.length; index += 1) {
    const [before, band] = [method.weightBands[index - 1]!, method.weightBands[index]!];
    if (toGrams(band.upToKg) <= toGrams(before.upToKg)) {
      problems.push({ field: 'weightBands', message: shippingMessages.bandsAscending });
      break;
    }
  }
  if (method.daysMax < method.daysMin)
    problems.push({ field: 'daysMax', message: shippingMessages.daysOrder });
  return problems;
}

/** One method as an admin sends it: with its `_id` to change it, without one to add it. */
export const shippingMethodInputSchema = z
  .object({
    _id: z.optional(idSchema),
    ...methodFields,
    active: methodFields.active.default(true),
    sortOrder: methodFields.sortOrder.default(0),
    weightBands: methodFields.weightBands.default([]),
    flatPrice: methodFields.flatPrice.default(null),
    freeAbove: methodFields.freeAbove.default(null),
  })
  .strict()
  .superRefine((method, context) => {
    for (const problem of shippingMethodProblems(method))
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type ShippingMethodInput = z.infer<typeof shippingMethodInputSchema>;
export type ShippingMethodInputBody = z.input<typeof shippingMethodInputSchema>;

/**
 * Body of PUT /admin/shipping-methods: the whole list, in the order given. A method with an
 * `_id` is updated, one without is added, and a method left out is removed (to stop offering one
 * and keep it, send it with `active: false`).
 */
export const shippingMethodsPutSchema = z
  .object({
    methods: z
      .array(shippingMethodInputSchema)
      .max(SHIPPING_LIMITS.methods, shippingMessages.tooMany),
  })
  .strict()
  .superRefine(({ methods }, context) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    for (const [index, method] of methods.entries()) {
      if (method._id !== undefined) {
        if (ids.has(method._id))
          context.addIssue({
            code: 'custom',
            path: ['methods', index, '_id'],
            message: shippingMessages.repeatedId,
          });
        ids.add(method._id);
      }
      const name = method.name.toLowerCase();
      if (names.has(name))
        context.addIssue({
          code: 'custom',
          path: ['methods', index, 'name'],
          message: shippingMessages.repeatedName(method.name),
        });
      names.add(name);
    }
  });
export type ShippingMethodsPut = z.input<typeof shippingMethodsPutSchema>;

/** A method as GET/PUT /admin/shipping-methods answer it. */
export const shippingMethodSchema = z.object({
  _id: idSchema,
  name: z.string(),
  carrier: z.string(),
  countries: z.array(z.string()),
  flatPrice: z.nullable(moneyAnswerSchema),
  weightBands: z.array(z.object({ upToKg: z.number(), price: moneyAnswerSchema })),
  freeAbove: z.nullable(moneyAnswerSchema),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingMethodListSchema = z.array(shippingMethodSchema);

export const shippingMethodsSavedSchema = z.object({
  acknowledged: z.literal(true),
  methods: shippingMethodListSchema,
});
export type ShippingMethodsSaved = z.infer<typeof shippingMethodsSavedSchema>;

/** One way to send a parcel, priced: an item of GET /shipping-methods. */
export const shippingOptionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  carrier: z.string(),
  /** Dollars for this destination, weight and subtotal; 0 when free. */
  price: moneyAnswerSchema,
  /** Business days in transit. */
  days: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;
export const shippingOptionListSchema = z.array(shippingOptionSchema);

/** A decimal as a query string carries it: digits, at most one point, nothing else. */
const decimalText = (message: string, decimals: number) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${decimals}})?$`), message)
    .transform(Number);

/**
 * `GET /shipping-methods?country=&weight=&subtotal=`: the destination, the parcel's weight in
 * kilograms (0 when left out) and, optionally, the goods' subtotal in dollars, which makes
 * methods free above their threshold (without it, no method is free).
 */
export const shippingOptionsQuerySchema = z
  .object({
    country: countryCodeSchema,
    weight: decimalText(shippingMessages.weight, 3).pipe(weightKgSchema).default(0),
    subtotal: decimalText(shippingMessages.subtotal, 2)
      .pipe(dollarsSchema(shippingMessages.subtotal))
      .optional(),
  })
  .strict();
export type ShippingOptionsQuery = z.input<typeof shippingOptionsQuerySchema>;
export type ShippingOptionsSearch = z.output<typeof shippingOptionsQuerySchema>;
