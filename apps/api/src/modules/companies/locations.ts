import {
  COMPANY_LOCATIONS_MAX,
  companyMessages,
  formatAddress,
  locationMessages,
  type Deleted,
  type Location,
  type LocationPage,
  type PageQuery,
  type PostalAddress,
  type locationInputSchema,
  type locationUpdateSchema,
} from '@shop/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { companies, companyLocations } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from './membership.js';
import { memberOf, ownerOrAdmin, requireCompany } from './service.js';

/**
 * A company's ship-to locations (issue 29, docs/decisions/034). Owners and admins manage them,
 * every member reads them (they pick one at checkout). Only an admin sets `taxExempt`: an owner
 * cannot exempt their own company from tax. Every change is audited, whoever makes it: the log
 * says who pointed a company's deliveries somewhere else, and who exempted a location.
 */

type LocationRow = typeof companyLocations.$inferSelect;

const toLocation = (row: LocationRow): Location => ({
  _id: row.id,
  companyId: row.companyId,
  name: row.name,
  address: row.address,
  taxExempt: row.taxExempt,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The company's name, locked (as lockCompany: not blocking a purchase's key-share lock). */
async function lockCompany(tx: Tx, id: string): Promise<string> {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .for('no key update');
  if (!company) throw notFound(companyMessages.notFound);
  return company.name;
}

/** GET /companies/{id}/locations: members and admins; by name, a page at a time. */
export async function listLocations(
  db: Db,
  user: SignedInUser,
  id: string,
  paging: PageQuery,
): Promise<LocationPage> {
  if (user.isAdmin) await requireCompany(db, id);
  else await memberOf(db, user, id);
  const where = eq(companyLocations.companyId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companyLocations)
      .where(where)
      .orderBy(asc(companyLocations.name), asc(companyLocations.seq))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ value: count() }).from(companyLocations).where(where),
  ]);
  return { items: rows.map(toLocation), total: total?.value ?? 0, ...paging };
}

/** Refuses (403) a tax exemption set by anyone but an admin, even to the value it has. */
function checkTaxExempt(user: SignedInUser, taxExempt: boolean | undefined) {
  if (taxExempt !== undefined && !user.isAdmin)
    throw new HttpError(403, locationMessages.taxExemptAdminOnly);
}

/** POST /companies/{id}/locations: owners and admins; at most COMPANY_LOCATIONS_MAX. */
export async function createLocation(
  db: Db,
  user: SignedInUser,
  id: string,
  input: z.output<typeof locationInputSchema>,
): Promise<Location> {
  await ownerOrAdmin(db, user, id);
  checkTaxExempt(user, input.taxExempt);
  return db.transaction(async (tx) => {
    // The company's row lock makes two additions at once count one after the other.
    const companyName = await lockCompany(tx, id);
    const [existing] = await tx
      .select({ value: count() })
      .from(companyLocations)
      .where(eq(companyLocations.companyId, id));
    if ((existing?.value ?? 0) >= COMPANY_LOCATIONS_MAX)
      throw new HttpError(409, locationMessages.tooMany);
    const [row] = await tx
      .insert(companyLocations)
      .values({
        companyId: id,
        name: input.name,
        address: input.address,
        taxExempt: input.taxExempt ?? false,
      })
      .returning();
    if (!row) throw new Error('The database returned no location row.');
    await recordAudit(tx, {
      actor: user,
      action: 'location.create',
      targetType: 'company',
      targetId: id,
      targetLabel: companyName,
      details: {
        locationId: row.id,
        name: row.name,
        address: formatAddress(row.address),
        taxExempt: row.taxExempt,
      },
    });
    return toLocation(row);
  });
}

async function lockLocation(tx: Tx, id: string, locationId: string): Promise<LocationRow> {
  const [row] = await tx
    .select()
    .from(companyLocations)
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, id)))
    .for('update');
  if (!row) throw notFound(locationMessages.notFound);
  return row;
}

const sameAddress = (a: PostalAddress, b: PostalAddress) =>
  formatAddress(a) === formatAddress(b) && a.country === b.country;

/** PUT /companies/{id}/locations/{locationId}: owners and admins; the changed fields audited. */
export async function updateLocation(
  db: Db,
  user: SignedInUser,
  id: string,
  locationId: string,
  input: z.output<typeof locationUpdateSchema>,
): Promise<Location> {
  await ownerOrAdmin(db, user, id);
  checkTaxExempt(user, input.taxExempt);
  return db.transaction(async (tx) => {
    const companyName = await lockCompany(tx, id);
    const before = await lockLocation(tx, id, locationId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.name !== undefined && input.name !== before.name)
      changes.name = { from: before.name, to: input.name };
    if (input.address !== undefined && !sameAddress(input.address, before.address))
      changes.address = { from: formatAddress(before.address), to: formatAddress(input.address) };
    if (input.taxExempt !== undefined && input.taxExempt !== before.taxExempt)
      changes.taxExempt = { from: before.taxExempt, to: input.taxExempt };
    if (Object.keys(changes).length === 0) return toLocation(before);
    const [row] = await tx
      .update(companyLocations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.taxExempt !== undefined ? { taxExempt: input.taxExempt } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companyLocations.id, locationId))
      .returning();
    if (!row) throw notFound(locationMessages.notFound);
    await recordAudit(tx, {
      actor: user,
      action: 'location.update',
      targetType: 'company',
      targetId: id,
      targetLabel: companyName,
      details: { locationId, name: row.name, changes },
    });
    return toLocation(row);
  });
}

/** DELETE /companies/{id}/locations/{locationId}: purchases keep the address they shipped to. */
export async function removeLocation(
  db: Db,
  user: SignedInUser,
  id: string,
  locationId: string,
): Promise<Deleted> {
  await ownerOrAdmin(db, user, id);
  return db.transaction(async (tx) => {
    const companyName = await lockCompany(tx, id);
    const row = await lockLocation(tx, id, locationId);
    await tx.delete(companyLocations).where(eq(companyLocations.id, locationId));
    await recordAudit(tx, {
      actor: user,
      action: 'location.delete',
      targetType: 'company',
      targetId: id,
      targetLabel: companyName,
      details: {
        locationId,
        name: row.name,
        address: formatAddress(row.address),
        taxExempt: row.taxExempt,
      },
    });
    return { acknowledged: true, deletedCount: 1 };
  });
}

/**
 * Checkout's `locationId` (the buying workflow's ship-to step): a location of the buyer's own
 * company, with its tax exemption. A location of another company is answered as one that does not
 * exist (404), so ids of other companies' sites cannot be probed.
 */
export async function locationOfBuyer(
  db: Db | Tx,
  user: SignedInUser,
  locationId: string,
): Promise<{ address: PostalAddress; taxExempt: boolean; locationId: string }> {
  const membership = await membershipOf(db, user);
  if (!membership) throw new HttpError(400, locationMessages.noCompany);
  const [row] = await db
    .select({ address: companyLocations.address, taxExempt: companyLocations.taxExempt })
    .from(companyLocations)
    .where(
      and(
        eq(companyLocations.id, locationId),
        eq(companyLocations.companyId, membership.companyId),
      ),
    );
  if (!row) throw notFound(locationMessages.notFound);
  return { ...row, locationId };
}
