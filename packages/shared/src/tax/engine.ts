import { EU_VAT_STANDARD_RATES, isEuCountry, type EuCountry, type SellerCountry } from './rates.js';
import { checkVatIdFormat } from './vat-id.js';

/*
 * The tax engine (DESIGN section 9 "tax", docs/decisions/035-the-tax-model.md): one pure
 * function from a sale's facts to its tax. No database, no clock, no network: the workflow that
 * prices a purchase gathers the facts (rates, exemptions, the VIES answer) and calls it, and so
 * the cart, Buy Now, checkout, quote, invoice and credit note compute the same tax.
 */

/** What VIES said of the buyer's VAT id: `skipped` when no `VIES_URL` is configured. */
export const VAT_ID_CHECKS = ['valid', 'invalid', 'unavailable', 'skipped'] as const;
export type VatIdCheck = (typeof VAT_ID_CHECKS)[number];

/** Why a sale is taxed the way it is: stored with the purchase, shown on its invoice. */
export const TAX_TREATMENTS = [
  /** EU seller, destination in its own country: its own VAT rate (Art. 31-32 VAT Directive). */
  'domestic',
  /** US seller, destination in a state where it has nexus: the state's rate. */
  'us_nexus',
  /** US seller, nexus state, the buyer holds an approved, unexpired exemption certificate. */
  'us_exempt',
  /** US seller, a state where it has no nexus: it collects no sales tax there. */
  'us_no_nexus',
  /** EU seller, a consumer in another EU country: the destination's rate (OSS, Art. 33). */
  'eu_oss',
  /** EU seller, a business in another EU country with a checked VAT id: 0 % (Art. 138, 196). */
  'eu_reverse_charge',
  /** A destination outside the seller's tax area: no tax (Art. 146 for an EU seller). */
  'export',
] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The words an invoice carries when reverse charge applies (issue 29). */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Art. 196 VAT Directive)';

/**
 * Why a sale carries no tax, in the words its invoice and purchase page print (reverse charge
 * has its own note above). A tax office reading an invoice of 0 tax must see the reason.
 */
export const NO_TAX_NOTES: Partial<Record<string, string>> = {
  export: "Export: no tax charged, the goods are delivered outside the seller's tax area",
  us_no_nexus: 'No sales tax: the seller does not collect sales tax in this state',
  us_exempt: "No sales tax: the buyer's exemption certificate for this state is on file",
  location_exempt: 'No tax: this ship-to location is exempt from tax',
};

/** The words about its tax a sale's invoice carries: its note, else why it has no tax. */
export const taxNoteOf = (treatment: string, note: string | null): string | null =>
  note ?? NO_TAX_NOTES[treatment] ?? null;

export interface TaxSeller {
  country: SellerCountry;
  taxId: string | null;
}

export interface TaxDestination {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A US state code for a US destination; anything (or nothing) elsewhere. */
  region?: string | null;
}

export interface TaxBuyer {
  /** A company buys (a business); a person without one is a consumer. */
  isBusiness: boolean;
  vatId: string | null;
  vatIdCheck: VatIdCheck;
}

/** An approved exemption certificate of the buyer's company. */
export interface ApprovedExemption {
  /** A US state code. */
  region: string;
  /** The last day it exempts, `YYYY-MM-DD`. */
  expiresOn: string;
}

export interface TaxInput {
  seller: TaxSeller;
  /** US state codes where the seller collects sales tax (`TAX_NEXUS_STATES`). */
  nexusStates: readonly string[];
  /** US state code -> rate as a fraction (0.0725). */
  usRates: Readonly<Record<string, number>>;
  destination: TaxDestination;
  buyer: TaxBuyer;
  /** The buyer's company's approved certificates (any state, any expiry: the engine picks). */
  exemptions: readonly ApprovedExemption[];
  /** The day of the sale, `YYYY-MM-DD`: an exemption counts when `on <= expiresOn`. */
  on: string;
  /** Net amount of each line in integer cents. */
  lines: readonly number[];
  /** Net shipping in integer cents: taxed like the goods it carries. */
  shipping: number;
}

export interface TaxLine {
  /** "VAT FR 20 %", "Sales tax CA 7.25 %". */
  name: string;
  rate: number;
  /** Integer cents taxed at `rate` (lines and shipping). */
  base: number;
  /** Integer cents: the sum of the rounded tax of each line and of shipping. */
  amount: number;
}

export interface TaxResult {
  treatment: TaxTreatment;
  reverseCharge: boolean;
  /** The rate applied to every line (0 when none is). */
  rate: number;
  /** Tax of each line in integer cents, in the order of `lines`. */
  lineTax: number[];
  shippingTax: number;
  /** Every line's tax and shipping's: the purchase's `tax`. */
  tax: number;
  taxLines: TaxLine[];
  /** Words the invoice must carry (reverse charge), or null. */
  note: string | null;
}

/** Rates carry at most six decimals (0.06625): they are computed as integers of millionths. */
const RATE_SCALE = 1_000_000n;

/**
 * `cents x rate`, rounded half-up to the cent (EN 16931 rounds each amount to two decimals, the
 * half away from zero; amounts here are never negative). Exact in BigInt for any amount.
 */
export function taxOfCents(cents: number, rate: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents: ${cents}`);
  const micros = BigInt(Math.round(rate * Number(RATE_SCALE)));
  return Number((BigInt(cents) * micros * 2n + RATE_SCALE) / (RATE_SCALE * 2n));
}

/** 0.0725 -> "7.25 %", 0.2 -> "20 %". */
const percent = (rate: number): string => `${Number((rate * 100).toFixed(4)).toString()} %`;

const none = (treatment: TaxTreatment, input: TaxInput): TaxResult => ({
  treatment,
  reverseCharge: false,
  rate: 0,
  lineTax: input.lines.map(() => 0),
  shippingTax: 0,
  tax: 0,
  taxLines: [],
  note: null,
});

function charged(treatment: TaxTreatment, input: TaxInput, rate: number, name: string): TaxResult {
  const lineTax = input.lines.map((cents) => taxOfCents(cents, rate));
  const shippingTax = taxOfCents(input.shipping, rate);
  const tax = lineTax.reduce((sum, cents) => sum + cents, shippingTax);
  const base = input.lines.reduce((sum, cents) => sum + cents, input.shipping);
  return {
    treatment,
    reverseCharge: false,
    rate,
    lineTax,
    shippingTax,
    tax,
    taxLines: [{ name: `${name} ${percent(rate)}`, rate, base, amount: tax }],
    note: null,
  };
}

/** Whether an approved certificate for `region` still exempts on `on` (its last day included). */
export const exemptionApplies = (
  exemptions: readonly ApprovedExemption[],
  region: string,
  on: string,
): boolean => exemptions.some((e) => e.region === region && on <= e.expiresOn);

/** Whether the buyer may be invoiced without VAT under reverse charge (Art. 138 and 196). */
export function qualifiesForReverseCharge(
  buyer: TaxBuyer,
  seller: EuCountry,
  destination: EuCountry,
): boolean {
  if (!buyer.isBusiness || buyer.vatId === null) return false;
  const format = checkVatIdFormat(buyer.vatId);
  if (!format.valid) return false;
  // The buyer is identified for VAT in another member state: the one the goods go to.
  if (format.country === seller || format.country !== destination) return false;
  // VIES that does not answer is not a yes: VAT is charged, never a silent zero.
  return buyer.vatIdCheck === 'valid' || buyer.vatIdCheck === 'skipped';
}

function usTax(input: TaxInput): TaxResult {
  const { destination } = input;
  if (destination.country !== 'US') return none('export', input);
  const state = destination.region ?? '';
  if (!input.nexusStates.includes(state)) return none('us_no_nexus', input);
  if (exemptionApplies(input.exemptions, state, input.on)) return none('us_exempt', input);
  return charged('us_nexus', input, input.usRates[state] ?? 0, `Sales tax ${state}`);
}

function euTax(input: TaxInput, seller: EuCountry): TaxResult {
  const { country } = input.destination;
  if (country === seller) {
    return charged('domestic', input, EU_VAT_STANDARD_RATES[seller], `VAT ${seller}`);
  }
  if (!isEuCountry(country)) return none('export', input);
  if (qualifiesForReverseCharge(input.buyer, seller, country)) {
    const base = input.lines.reduce((sum, cents) => sum + cents, input.shipping);
    return {
      ...none('eu_reverse_charge', input),
      reverseCharge: true,
      taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base, amount: 0 }],
      note: REVERSE_CHARGE_NOTE,
    };
  }
  return charged('eu_oss', input, EU_VAT_STANDARD_RATES[country], `VAT ${country}`);
}

/** The tax of one sale: per line, per rate, and why. */
export function computeTax(input: TaxInput): TaxResult {
  const { country } = input.seller;
  return country === 'US' ? usTax(input) : euTax(input, country);
}
