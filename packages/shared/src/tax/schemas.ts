import { z } from 'zod';
import { idSchema } from '../answers.js';
import { calendarDateSchema } from '../dates.js';
import { isOneLine } from '../fields.js';
import { messages } from '../messages.js';
import { pageOf, pageQuery, PAGE_LIMIT_DEFAULT } from '../paging.js';
import { UPLOADS_PREFIX } from '../documents.js';
import { isUsState, US_TAX_REGIONS } from './rates.js';

/*
 * What the tax admin and the exemption certificates send and answer (DESIGN section 9, "tax";
 * docs/decisions/035-the-tax-model.md).
 */

export const taxMessages = {
  region: 'Please give a US state code such as CA or NY.',
  rate: 'Please give a rate as a fraction from 0 up to (not including) 1, such as 0.0725 for 7.25 %, with at most 6 decimals.',
  duplicate: (region: string) => `${region} is listed twice: give each state once.`,
  tooManyRates: `A table has at most ${US_TAX_REGIONS.length} rates, one per state.`,
  csvLine: (line: number, problem: string) => `Line ${line}: ${problem}`,
  csvColumns: 'Each line is region,rate (for example CA,0.0725).',
  csvTooLong: 'Please give at most 10,000 characters of CSV.',
  ratesOrCsv:
    'Please give the rates as { rates: [{ region, rate }] } or as { csv: "region,rate" }.',
  certificateNumber: 'Please give the certificate number (1 to 64 characters).',
  file: 'Please upload the certificate (a PDF or a picture) and give its /uploads/ address.',
  expired: 'This certificate has already expired: upload one that is still valid.',
  reason: 'Please give the reason for refusing (1 to 500 characters).',
  decided: 'This certificate was already reviewed.',
  exemptionNotFound: 'No tax exemption certificate with this id.',
  ownersOnly: "Only the company's owners may send its tax exemption certificates.",
} as const;

/** A US state code, upper-cased: "ca" is CA. */
export const usStateSchema = z
  .string({ error: taxMessages.region })
  .trim()
  .toUpperCase()
  .refine(isUsState, taxMessages.region);

/** A rate as a fraction: 0 <= rate < 1, at most six decimals (6.625 % is 0.06625). */
export const taxRateValueSchema = z
  .number({ error: taxMessages.rate })
  .min(0, taxMessages.rate)
  .lt(1, taxMessages.rate)
  .refine((rate) => Math.abs(rate * 1e6 - Math.round(rate * 1e6)) < 1e-6, taxMessages.rate);

export const taxRateSchema = z.object({ region: usStateSchema, rate: taxRateValueSchema });
/** A state and its rate as a fraction. */
export interface TaxRate {
  region: string;
  rate: number;
}

const ratesListSchema = z
  .array(taxRateSchema)
  .max(US_TAX_REGIONS.length, taxMessages.tooManyRates)
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    for (const [index, { region }] of rates.entries()) {
      if (seen.has(region))
        ctx.addIssue({ code: 'custom', message: taxMessages.duplicate(region), path: [index] });
      seen.add(region);
    }
  });

export const TAX_RATES_CSV_MAX = 10_000;

/**
 * Body of PUT /admin/tax-rates: the whole table, as JSON rates or as CSV `region,rate` (a header
 * line is allowed). It replaces the table: a state left out has no rate any more.
 */
export const taxRatesInputSchema = z.union(
  [
    z.strictObject({ rates: ratesListSchema }),
    z.strictObject({ csv: z.string().max(TAX_RATES_CSV_MAX, taxMessages.csvTooLong) }),
  ],
  { error: taxMessages.ratesOrCsv },
);
export type TaxRatesInput = z.input<typeof taxRatesInputSchema>;

/** Reads `region,rate` CSV (a comma or semicolon; a header; "7.25%" for 0.0725) to rates. */
export function parseTaxRatesCsv(csv: string): { rates: TaxRate[] } | { problems: string[] } {
  const problems: string[] = [];
  const rates: { region: string; rate: number }[] = [];
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const cells = line.split(/[,;]/).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    if (index === 0 && cells[0]?.toLowerCase() === 'region') continue;
    if (cells.length !== 2) {
      problems.push(taxMessages.csvLine(index + 1, taxMessages.csvColumns));
      continue;
    }
    const [region = '', rateText = ''] = cells;
    const percent = rateText.endsWith('%');
    const number = /^\d+(\.\d+)?%?$/.test(rateText) ? Number.parseFloat(rateText) : Number.NaN;
    const rate = percent ? Number((number / 100).toFixed(8)) : number;
    const parsed = taxRateSchema.safeParse({ region, rate });
    if (parsed.success) rates.push(parsed.data);
    else
      problems.push(
        taxMessages.csvLine(index + 1, parsed.error.issues[0]?.message ?? taxMessages.csvColumns),
      );
  }
  if (problems.length > 0) return { problems };
  const checked = ratesListSchema.safeParse(rates);
  if (!checked.success) return { problems: checked.error.issues.map((issue) => issue.message) };
  return { rates: checked.data };
}

/** Answer of GET and PUT /admin/tax-rates: the table, and the settings it is used with. */
export const taxRatesSchema = z.object({
  rates: z.array(z.object({ region: z.string(), rate: z.number() })),
  /** SELLER_COUNTRY. */
  sellerCountry: z.string(),
  /** TAX_NEXUS_STATES: the states these rates are charged in. */
  nexusStates: z.array(z.string()),
});
export type TaxRates = z.infer<typeof taxRatesSchema>;

export const EXEMPTION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ExemptionStatus = (typeof EXEMPTION_STATUSES)[number];

/** A certificate file the shop stored: `/uploads/<24 hex>.pdf|png|jpg`. */
export const DOCUMENT_NAME = /^[0-9a-f]{24}\.(pdf|png|jpg)$/;
export const isDocumentUrl = (url: string): boolean =>
  url.startsWith(UPLOADS_PREFIX) && DOCUMENT_NAME.test(url.slice(UPLOADS_PREFIX.length));

/** Body of POST /companies/{id}/tax-exemptions. */
export const taxExemptionInputSchema = z.object({
  region: usStateSchema,
  certificateNumber: z
    .string({ error: taxMessages.certificateNumber })
    .trim()
    .min(1, taxMessages.certificateNumber)
    .max(64, taxMessages.certificateNumber)
    .refine(isOneLine, messages.oneLine),
  expiresOn: calendarDateSchema,
  file: z.string({ error: taxMessages.file }).trim().refine(isDocumentUrl, taxMessages.file),
});
export type TaxExemptionInput = z.input<typeof taxExemptionInputSchema>;

/** Body of PUT /admin/tax-exemptions/{id}: approve, or refuse with a reason. */
export const taxExemptionReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved') }),
    z.object({
      status: z.literal('refused'),
      reason: z
        .string({ error: taxMessages.reason })
        .trim()
        .min(1, taxMessages.reason)
        .max(500, taxMessages.reason)
        .refine(isOneLine, messages.oneLine),
    }),
  ],
  { error: 'The status is approved or refused.' },
);
export type TaxExemptionReview = z.input<typeof taxExemptionReviewSchema>;

export const taxExemptionSchema = z.object({
  _id: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  region: z.string(),
  certificateNumber: z.string(),
  expiresOn: z.string(),
  file: z.string(),
  status: z.enum(EXEMPTION_STATUSES),
  /** The reviewing admin's email. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TaxExemption = z.infer<typeof taxExemptionSchema>;

export const taxExemptionPageSchema = pageOf(taxExemptionSchema);
export type TaxExemptionPage = z.infer<typeof taxExemptionPageSchema>;

/** GET /admin/tax-exemptions?status=pending&page=&limit= */
export const taxExemptionListQuerySchema = pageQuery(PAGE_LIMIT_DEFAULT).extend({
  status: z
    .enum(EXEMPTION_STATUSES, { error: 'The status is pending, approved or refused.' })
    .optional(),
});
