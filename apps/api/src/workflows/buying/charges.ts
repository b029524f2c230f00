import {
  computeTax,
  SHOP_CURRENCY,
  parcelWeightKg,
  shippingMessages,
  shippingRate,
  spreadCents,
  todayIn,
  type ApprovedExemption,
  type SellerCountry,
  type TaxBuyer,
} from '@shop/shared';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  companies,
  shippingMethods,
  taxExemptions,
  type AwaitingLineRow,
  type PostalAddressRow,
  type PurchaseTaxRow,
  type ShippingMethodSnapshot,
} from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { methodTerms } from '../../modules/shipping/service.js';
import { usRates } from '../../modules/tax/rates.js';
import { classifyBuyer } from '../../modules/tax/buyer.js';
import { membershipOf } from '../../modules/companies/membership.js';
import type { SignedInUser } from '../../kernel/people.js';
import type { ProductRow } from '../../stock/stock.js';

/*
 * Shipping and tax, the last step of the one way to buy (issue 29, docs/decisions/038): every
 * purchase, whichever door it came in by, is charged here, inside its transaction, from the
 * locked products' weights, the admin's methods and rates and the buyer's approved certificates.
 * The purchase's shipping charge and tax are spread over its lines (`spreadCents`), so what a
 * line costs (price + shipping share + tax) is what paying, cancelling and refunding it moves.
 */

/** What charging reads of the shop's settings. */
export interface ChargeSettings {
  sellerCountry: SellerCountry;
  sellerTaxId: string | null;
  /** US states where the seller collects sales tax (TAX_NEXUS_STATES). */
  nexusStates: readonly string[];
  /** SHOP_TIME_ZONE: the day an exemption certificate is judged on. */
  timeZone: string;
}

/** Where the purchase ships, as charging reads it. */
export interface ChargeDestination {
  /** The structured address; null for SPEC's one-line address (docs/decisions/038). */
  shipTo: PostalAddressRow | null;
  /** A company location the shop's admins exempted from tax. */
  taxExempt: boolean;
}

/** One purchase to charge. */
export interface ChargeRequest {
  lines: AwaitingLineRow[];
  destination: ChargeDestination;
  /** The method the buyer chose; null: the cheapest that serves the destination. */
  methodId: string | null;
  buyer: TaxBuyer;
  companyId: string | null;
}

export interface Charged {
  /** The lines with their shares of shipping and tax. */
  lines: AwaitingLineRow[];
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  method: ShippingMethodSnapshot | null;
  /** Every method that takes the parcel, priced (what the buyer may choose from). */
  options: PricedMethod[];
  taxRow: PurchaseTaxRow;
}

type MethodRow = typeof shippingMethods.$inferSelect;

/**
 * The tables charging reads, once per transaction (a batch of purchases shares them): the
 * active shipping methods (a short list), the state rates, and certificates per company.
 */
export class ChargeTables {
  private methods: Promise<MethodRow[]> | undefined;
  private rates: Promise<Record<string, number>> | undefined;
  private readonly exemptions = new Map<string, Promise<ApprovedExemption[]>>();

  constructor(
    private readonly tx: Tx,
    readonly settings: ChargeSettings,
  ) {}

  // Each read is kept as the promise of its run (`execute()`): a Drizzle query is a thenable that
  // runs again every time it is awaited, so keeping the query itself would read it per purchase.
  activeMethods(): Promise<MethodRow[]> {
    this.methods ??= this.tx
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.active, true))
      .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.name), asc(shippingMethods.seq))
      .execute();
    return this.methods;
  }

  usRates(): Promise<Record<string, number>> {
    this.rates ??= usRates(this.tx);
    return this.rates;
  }

  exemptionsOf(companyId: string, on: string): Promise<ApprovedExemption[]> {
    let found = this.exemptions.get(companyId);
    if (!found) {
      found = this.tx
        .select({ region: taxExemptions.region, expiresOn: taxExemptions.expiresOn })
        .from(taxExemptions)
        .where(
          and(
            inArray(taxExemptions.companyId, [companyId]),
            eq(taxExemptions.status, 'approved'),
            gte(taxExemptions.expiresOn, on),
          ),
        )
        .execute();
      this.exemptions.set(companyId, found);
    }
    return found;
  }
}

/** The treatment of a purchase to a company location the shop's admins exempted from tax. */
export const LOCATION_EXEMPT = 'location_exempt';

/** A one-line address names no country: it is taken as the seller's own (decision 038). */
export const destinationCountry = (destination: ChargeDestination, seller: SellerCountry) =>
  destination.shipTo?.country ?? seller;

/**
 * The shipping method and its price for a parcel: the one asked for (400 when it does not serve
 * the parcel), else the cheapest that does (then the faster, then the admin's order). A shop
 * with no active method charges no shipping; one whose methods all refuse the parcel answers
 * 400, so nothing is sold that cannot be sent.
 */
export function chooseMethod(
  options: PricedMethod[],
  methods: MethodRow[],
  parcel: { country: string },
  methodId: string | null,
): PricedMethod | null {
  if (methodId !== null) {
    const chosen = options.find((option) => option.row.id === methodId);
    if (!chosen) throw new HttpError(400, shippingMessages.methodDoesNotServe);
    return chosen;
  }
  if (methods.length === 0) return null;
  const [cheapest] = options;
  if (!cheapest) throw new HttpError(400, shippingMessages.noMethodServes(parcel.country));
  return cheapest;
}

export interface PricedMethod {
  row: MethodRow;
  price: number;
}

/** The methods that take a parcel there, priced, cheapest first (then faster, then in order). */
export function methodOptions(
  methods: MethodRow[],
  parcel: { country: string; weightKg: number; subtotalCents: number },
): PricedMethod[] {
  const priced = methods.flatMap((row) => {
    const price = shippingRate(methodTerms(row), parcel);
    return price === null ? [] : [{ row, price }];
  });
  return priced.sort(
    (a, b) => a.price - b.price || a.row.daysMax - b.row.daysMax || a.row.daysMin - b.row.daysMin,
  );
}

const snapshotOf = (row: MethodRow): ShippingMethodSnapshot => ({
  id: row.id,
  name: row.name,
  carrier: row.carrier,
  daysMin: row.daysMin,
  daysMax: row.daysMax,
});

/** Charges one purchase's priced lines with shipping and tax. */
export async function chargePurchase(
  tables: ChargeTables,
  productOf: Map<string, ProductRow>,
  request: ChargeRequest,
): Promise<Charged> {
  const { settings } = tables;
  const { lines, destination } = request;
  const nets = lines.map((line) => line.quantity * line.unitPrice);
  const subtotal = nets.reduce((sum, net) => sum + net, 0);
  const country = destinationCountry(destination, settings.sellerCountry);
  const weightKg = parcelWeightKg(
    lines.map((line) => ({
      weightKg: (productOf.get(line.productId)?.weightGrams ?? 0) / 1000,
      quantity: line.quantity,
    })),
  );
  const methods = await tables.activeMethods();
  const options = methodOptions(methods, { country, weightKg, subtotalCents: subtotal });
  const chosen = chooseMethod(options, methods, { country }, request.methodId);
  const shipping = chosen?.price ?? 0;

  const on = todayIn(settings.timeZone);
  const usSeller = settings.sellerCountry === 'US';
  const result = computeTax({
    seller: { country: settings.sellerCountry, taxId: settings.sellerTaxId },
    nexusStates: settings.nexusStates,
    usRates: usSeller ? await tables.usRates() : {},
    destination: { country, region: destination.shipTo?.region ?? null },
    buyer: request.buyer,
    exemptions:
      usSeller && request.companyId ? await tables.exemptionsOf(request.companyId, on) : [],
    on,
    lines: nets,
    shipping,
  });
  // A location the admins exempted (a reseller's warehouse, say) is charged no tax.
  const exempt = destination.taxExempt && result.tax > 0;
  const shippingShares = spreadCents(shipping, nets);
  const shippingTaxShares = spreadCents(exempt ? 0 : result.shippingTax, nets);
  const charged = lines.map((line, index) => ({
    ...line,
    shippingCharge: shippingShares[index]!,
    tax: exempt ? 0 : result.lineTax[index]! + shippingTaxShares[index]!,
  }));
  const tax = exempt ? 0 : result.tax;
  const [taxLine] = result.taxLines;
  return {
    lines: charged,
    subtotal,
    shipping,
    tax,
    total: subtotal + shipping + tax,
    method: chosen ? snapshotOf(chosen.row) : null,
    options,
    taxRow: exempt
      ? { treatment: LOCATION_EXEMPT, rate: 0, name: null, reverseCharge: false, note: null }
      : {
          treatment: result.treatment,
          rate: result.rate,
          name: taxLine?.name ?? null,
          reverseCharge: result.reverseCharge,
          note: result.note,
        },
  };
}

/**
 * Who buys, for the tax engine, read before the purchase's transaction (VIES is a network call
 * and may take seconds): a company member buys as the company, with its tax id; a person who
 * gives a tax id at checkout buys as a business; anyone else as a consumer.
 */
export async function taxBuyerOf(
  db: Db,
  user: Pick<SignedInUser, 'id' | 'email'>,
  given: { taxId: string | null },
  viesUrl: string | undefined,
): Promise<TaxBuyer> {
  return taxBuyerAs(db, await membershipOf(db, user), given, viesUrl);
}

/** `taxBuyerOf` for a caller that has read the buyer's membership (or none) already. */
export async function taxBuyerAs(
  db: Db,
  membership: { companyId: string } | null,
  given: { taxId: string | null },
  viesUrl: string | undefined,
): Promise<TaxBuyer> {
  const vies = { url: viesUrl };
  if (membership) {
    const [company] = await db
      .select({ taxId: companies.taxId })
      .from(companies)
      .where(eq(companies.id, membership.companyId));
    if (company) return classifyBuyer(company, vies);
  }
  return classifyBuyer(given.taxId === null ? null : { taxId: given.taxId }, vies);
}

/** A purchase's columns of what it was charged by: currency, method, tax, the seller's id. */
export const chargeColumns = (charged: Charged, settings: Pick<ChargeSettings, 'sellerTaxId'>) => ({
  currency: SHOP_CURRENCY,
  shippingMethod: charged.method,
  taxTreatment: charged.taxRow,
  sellerTaxId: settings.sellerTaxId,
});
