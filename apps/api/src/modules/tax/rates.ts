import {
  parseTaxRatesCsv,
  taxRatesInputSchema,
  type SellerCountry,
  type TaxRate,
  type TaxRates,
} from '@shop/shared';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { taxRates } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';

/*
 * The US state rate table (DESIGN section 9): GET and PUT /admin/tax-rates. A PUT replaces the
 * whole table in one transaction with its audit record; rates are stored in millionths.
 */

const MICROS = 1_000_000;
const toMicros = (rate: number) => Math.round(rate * MICROS);
const fromMicros = (micros: number) => micros / MICROS;

export interface TaxSettings {
  sellerCountry: SellerCountry;
  nexusStates: string[];
}

/** The table by state: what the tax engine takes as `usRates`. */
export async function usRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.select().from(taxRates);
  return Object.fromEntries(rows.map((row) => [row.region, fromMicros(row.rateMicros)]));
}

async function ratesList(db: Db): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.region));
  return rows.map((row) => ({ region: row.region, rate: fromMicros(row.rateMicros) }));
}

/** GET /admin/tax-rates. */
export async function readTaxRates(db: Db, settings: TaxSettings): Promise<TaxRates> {
  return { rates: await ratesList(db), ...settings };
}

/** The rates of a PUT body: JSON as parsed, CSV read line by line (400 naming each bad line). */
function ratesOf(input: z.output<typeof taxRatesInputSchema>): TaxRate[] {
  if ('rates' in input) return input.rates;
  const parsed = parseTaxRatesCsv(input.csv);
  if ('problems' in parsed) throw new HttpError(400, parsed.problems.slice(0, 20).join(' '));
  return parsed.rates;
}

/** PUT /admin/tax-rates: replaces the table, recording which states' rates changed. */
export async function replaceTaxRates(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof taxRatesInputSchema>,
  settings: TaxSettings,
): Promise<TaxRates> {
  const rates = ratesOf(input);
  await db.transaction(async (tx) => {
    const before = new Map(
      (await tx.select().from(taxRates).for('update')).map((row) => [row.region, row.rateMicros]),
    );
    const after = new Map(rates.map((rate) => [rate.region, toMicros(rate.rate)]));
    const regions = [...new Set([...before.keys(), ...after.keys()])].sort();
    const changes = regions
      .filter((region) => before.get(region) !== after.get(region))
      .map((region) => ({
        region,
        from: before.has(region) ? fromMicros(before.get(region) ?? 0) : null,
        to: after.has(region) ? fromMicros(after.get(region) ?? 0) : null,
      }));
    await tx.delete(taxRates);
    if (after.size > 0)
      await tx
        .insert(taxRates)
        .values([...after].map(([region, rateMicros]) => ({ region, rateMicros })));
    await recordAudit(tx, {
      actor,
      action: 'tax.rates',
      targetType: 'setting',
      targetId: 'tax-rates',
      targetLabel: 'US state tax rates',
      details: { changes },
    });
  });
  return readTaxRates(db, settings);
}

/** Realistic 2026 state base rates for the demo shop (Tax Foundation, 2026 state rates). */
export const DEMO_TAX_RATES: TaxRate[] = [
  { region: 'CA', rate: 0.0725 },
  { region: 'NY', rate: 0.04 },
  { region: 'TX', rate: 0.0625 },
  { region: 'FL', rate: 0.06 },
  { region: 'IL', rate: 0.0625 },
  { region: 'WA', rate: 0.065 },
  { region: 'NJ', rate: 0.06625 },
  { region: 'PA', rate: 0.06 },
];

/** Seeds the table once: only when it is empty, so an admin's table is never overwritten. */
export async function seedTaxRates(db: Db): Promise<void> {
  await db
    .insert(taxRates)
    .values(
      DEMO_TAX_RATES.map((rate) => ({ region: rate.region, rateMicros: toMicros(rate.rate) })),
    )
    .onConflictDoNothing();
}
