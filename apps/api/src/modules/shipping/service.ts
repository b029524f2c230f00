import {
  fromCents,
  fromCentsOrNull,
  shippingMessages,
  shippingRate,
  toCents,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingMethodTerms,
  type ShippingOption,
  type ShippingOptionsSearch,
} from '@shop/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shippingMethods } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { recordAudits, type AuditActor, type AuditRecord } from '../../kernel/audit.js';

/*
 * Shipping methods and their rates (DESIGN section 9, issue 29 item 2; docs/decisions/036). The
 * rate itself is the shared `shippingRate` (packages/shared/src/shipping-rate.ts), the one rule
 * the checkout will call too; this module keeps the admin's list and answers the priced options.
 */

type MethodRow = typeof shippingMethods.$inferSelect;

/** A row as the rate rule reads it: the row's amounts are cents already. */
export const methodTerms = (row: MethodRow): ShippingMethodTerms => ({
  countries: row.countries,
  flatPrice: row.flatPrice,
  weightBands: row.weightBands,
  freeAbove: row.freeAbove,
  active: row.active,
});

/** A row as the admin's answers carry it: dollars (decision 027). */
const methodAnswer = (row: MethodRow): ShippingMethod => ({
  _id: row.id,
  name: row.name,
  carrier: row.carrier,
  countries: row.countries,
  flatPrice: fromCentsOrNull(row.flatPrice),
  weightBands: row.weightBands.map((band) => ({
    upToKg: band.upToKg,
    price: fromCents(band.price),
  })),
  freeAbove: fromCentsOrNull(row.freeAbove),
  daysMin: row.daysMin,
  daysMax: row.daysMax,
  active: row.active,
  sortOrder: row.sortOrder,
});

/** The admin's order: by position, then by name, then as created. */
const listOrder = [
  asc(shippingMethods.sortOrder),
  asc(shippingMethods.name),
  asc(shippingMethods.seq),
];

/** Every method, active or not, in the admin's order (at most SHIPPING_LIMITS.methods). */
export async function methodRows(db: Db): Promise<MethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .orderBy(...listOrder);
}

/** GET /admin/shipping-methods. */
export async function listShippingMethods(db: Db): Promise<ShippingMethod[]> {
  return (await methodRows(db)).map(methodAnswer);
}

/**
 * The methods that serve a parcel, priced in cents, cheapest first (then faster, then the
 * admin's order): what GET /shipping-methods answers and what the checkout will choose from.
 * Without a subtotal no method is free.
 */
export async function shippingOptionsInCents(
  db: Db,
  shipment: { country: string; weightKg: number; subtotalCents: number | null },
): Promise<{ row: MethodRow; priceCents: number }[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(
      sql`${shippingMethods.active} AND ${shippingMethods.countries} @> ${JSON.stringify([shipment.country])}::jsonb`,
    )
    .orderBy(...listOrder);
  const priced = rows.flatMap((row) => {
    const terms = methodTerms(row);
    const priceCents = shippingRate(
      shipment.subtotalCents === null ? { ...terms, freeAbove: null } : terms,
      {
        country: shipment.country,
        weightKg: shipment.weightKg,
        subtotalCents: shipment.subtotalCents ?? 0,
      },
    );
    return priceCents === null ? [] : [{ row, priceCents }];
  });
  // Stable: equal prices and days keep the admin's order.
  return priced.sort(
    (a, b) =>
      a.priceCents - b.priceCents || a.row.daysMax - b.row.daysMax || a.row.daysMin - b.row.daysMin,
  );
}

/** GET /shipping-methods?country=&weight=&subtotal=: anyone. */
export async function shippingOptions(
  db: Db,
  query: ShippingOptionsSearch,
): Promise<ShippingOption[]> {
  const options = await shippingOptionsInCents(db, {
    country: query.country,
    weightKg: query.weight,
    subtotalCents: query.subtotal === undefined ? null : toCents(query.subtotal),
  });
  return options.map(({ row, priceCents }) => ({
    _id: row.id,
    name: row.name,
    carrier: row.carrier,
    price: fromCents(priceCents),
    days: { min: row.daysMin, max: row.daysMax },
  }));
}

/** A method's columns from the admin's input: cents in (decision 027). */
const rowValues = (method: ShippingMethodInput) => ({
  name: method.name,
  carrier: method.carrier,
  countries: method.countries,
  flatPrice: method.flatPrice === null ? null : toCents(method.flatPrice),
  weightBands: method.weightBands.map((band) => ({
    upToKg: band.upToKg,
    price: toCents(band.price),
  })),
  freeAbove: method.freeAbove === null ? null : toCents(method.freeAbove),
  daysMin: method.daysMin,
  daysMax: method.daysMax,
  active: method.active,
  sortOrder: method.sortOrder,
});

type Values = ReturnType<typeof rowValues>;
const FIELDS = [
  'name',
  'carrier',
  'countries',
  'flatPrice',
  'weightBands',
  'freeAbove',
  'daysMin',
  'daysMax',
  'active',
  'sortOrder',
] as const satisfies readonly (keyof Values)[];

/** The admin's figures of a method, dollars, as the audit log keeps them. */
const auditFigures = (values: Values): Record<string, unknown> => {
  const answer = methodAnswer({ ...values, id: '', seq: 0, createdAt: new Date() });
  return Object.fromEntries(FIELDS.map((field) => [field, answer[field]]));
};

/**
 * Adds methods already parsed by their schema, unaudited, inside the caller's transaction: the
 * demo seed (an admin's change goes through `replaceShippingMethods`). Answers how many.
 */
export async function addShippingMethods(tx: Db, methods: ShippingMethodInput[]): Promise<number> {
  if (methods.length > 0) await tx.insert(shippingMethods).values(methods.map(rowValues));
  return methods.length;
}

/**
 * PUT /admin/shipping-methods: admins. The list replaces the shop's: methods with an `_id` are
 * updated, those without are added, those left out are removed, in one transaction, each change
 * audited with what it changed. Lists are replaced one at a time (the table lock), so two admins
 * saving at once leave one of their lists, whole, never a mix.
 */
export async function replaceShippingMethods(
  db: Db,
  actor: AuditActor,
  methods: ShippingMethodInput[],
): Promise<ShippingMethod[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${shippingMethods} IN EXCLUSIVE MODE`);
    const before = new Map((await methodRows(tx)).map((row) => [row.id, row]));
    const kept = new Set(methods.flatMap((method) => (method._id ? [method._id] : [])));
    for (const id of kept)
      if (!before.has(id)) throw new HttpError(400, `methods: ${shippingMessages.unknownMethod}`);

    const audits: AuditRecord[] = [];
    const removed = [...before.values()].filter((row) => !kept.has(row.id));
    if (removed.length > 0)
      await tx.delete(shippingMethods).where(
        inArray(
          shippingMethods.id,
          removed.map((row) => row.id),
        ),
      );
    for (const row of removed)
      audits.push({
        actor,
        action: 'shipping.delete',
        targetType: 'shipping_method',
        targetId: row.id,
        targetLabel: row.name,
        details: auditFigures(row),
      });

    for (const method of methods) {
      const values = rowValues(method);
      const old = method._id === undefined ? undefined : before.get(method._id);
      if (old === undefined) {
        const [created] = await tx
          .insert(shippingMethods)
          .values(values)
          .returning({ id: shippingMethods.id });
        audits.push({
          actor,
          action: 'shipping.create',
          targetType: 'shipping_method',
          targetId: created!.id,
          targetLabel: values.name,
          details: auditFigures(values),
        });
        continue;
      }
      const [from, to] = [auditFigures(old), auditFigures(values)];
      const changes = Object.fromEntries(
        FIELDS.filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field])).map(
          (field) => [field, { from: from[field], to: to[field] }],
        ),
      );
      if (Object.keys(changes).length === 0) continue;
      await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, old.id));
      audits.push({
        actor,
        action: 'shipping.update',
        targetType: 'shipping_method',
        targetId: old.id,
        targetLabel: values.name,
        details: { changes },
      });
    }
    await recordAudits(tx, audits);
  });
  return listShippingMethods(db);
}
