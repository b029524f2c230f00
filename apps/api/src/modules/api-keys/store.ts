import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyList, type ApiKeyScope } from '@shop/shared';
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockName } from '../../db/locks.js';
import { apiKeys, authUsers, companyMembers, users } from '../../db/schema.js';
import { adminInForce, type SignedInUser } from '../../kernel/people.js';

/*
 * API keys' rows (issue 32, docs/decisions/053). A secret is `pk_live_` and 43 characters of 32
 * random bytes (base64url); the database keeps its SHA-256 only, so a stolen database yields no
 * working key, and a request's key is found by its hash through a unique index.
 */

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Characters of the secret kept in the clear to tell keys apart: `pk_live_` and four more. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_PREFIX);

/** What every secret looks like: a request with anything else is refused without a query. */
export const wellFormedSecret = (token: string) =>
  token.length === API_KEY_PREFIX.length + 43 && /^pk_live_[A-Za-z0-9_-]{43}$/.test(token);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    companyId: row.companyId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Whose keys: a company's, or the shop's own (an admin's, `companyId` null). */
export type KeyOwner = { companyId: string | null };

const ownedBy = ({ companyId }: KeyOwner): SQL =>
  companyId === null ? isNull(apiKeys.companyId) : eq(apiKeys.companyId, companyId);

/**
 * Makes the caller's transaction the only one counting and adding `owner`'s keys until it ends,
 * so two makes at once cannot both pass API_KEYS_MAX.
 */
export async function lockKeyOwner(tx: Db | Tx, owner: KeyOwner): Promise<void> {
  await lockName(tx, `api_keys:${owner.companyId ?? 'shop'}`);
}

/** The keys of `owner` not revoked: at most API_KEYS_MAX at once. */
export async function activeKeyCount(db: Db | Tx, owner: KeyOwner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(ownedBy(owner), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** A new key for `owner`, made by `maker`: the row and its secret, which nothing keeps. */
export async function insertApiKey(
  tx: Db | Tx,
  maker: SignedInUser,
  owner: KeyOwner,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(apiKeys)
    .values({
      name: input.name,
      scopes: input.scopes,
      secretHash: hashSecret(secret),
      prefix: secret.slice(0, PREFIX_LENGTH),
      companyId: owner.companyId,
      createdById: maker.id,
      createdBy: maker.email,
    })
    .returning();
  return { row: row!, secret };
}

export async function findApiKey(db: Db | Tx, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ?? null;
}

/** Marks the key revoked, once: null when it was revoked already (or meanwhile). */
export async function markRevoked(tx: Db | Tx, id: string, by: string): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** A page of keys, newest first: every key (`owner` null), or one owner's; revoked ones if asked. */
export async function listApiKeys(
  db: Db,
  owner: KeyOwner | null,
  { page, limit, revoked }: { page: number; limit: number; revoked: boolean },
): Promise<ApiKeyList> {
  const where = and(
    owner ? ownedBy(owner) : undefined,
    revoked ? undefined : isNull(apiKeys.revokedAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { items: rows.map(toApiKey), total: total?.n ?? 0, page, limit };
}

/** A request's key as the guard needs it: the key, its maker, and whether the maker still may. */
export interface KeyInForce {
  id: string;
  scopes: ApiKeyScope[];
  companyId: string | null;
  maker: SignedInUser;
  /** An admin's key: its maker is still an admin. A company's: its maker still owns it. */
  makerMay: boolean;
}

/**
 * The unrevoked key with this secret, read in one statement on every request (no cache, so a
 * revocation counts on every instance from the next request), or null.
 */
export async function keyInForce(db: Db, secret: string): Promise<KeyInForce | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      companyId: apiKeys.companyId,
      makerId: users.id,
      makerEmail: users.email,
      makerIsAdmin: adminInForce,
      ownsCompany: sql<boolean>`${companyMembers.email} is not null`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .leftJoin(authUsers, eq(authUsers.email, users.email))
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, apiKeys.companyId),
        eq(companyMembers.userId, users.id),
        eq(companyMembers.email, users.email),
        eq(companyMembers.status, 'active'),
        eq(companyMembers.role, 'owner'),
      ),
    )
    .where(and(eq(apiKeys.secretHash, hashSecret(secret)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const isAdmin = Boolean(row.makerIsAdmin);
  const companyKey = row.companyId !== null;
  return {
    id: row.id,
    scopes: row.scopes as ApiKeyScope[],
    companyId: row.companyId,
    // A company's key buys for the company: never with its maker's admin right, should the
    // owner also be (or later become) an admin.
    maker: { id: row.makerId, email: row.makerEmail, isAdmin: companyKey ? false : isAdmin },
    makerMay: companyKey ? Boolean(row.ownsCompany) : isAdmin,
  };
}

/** How often `last_used_at` is written: a busy key costs one write a minute, not one a request. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

/** Notes the key's use, at most once a minute. */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_EVERY}`)),
      ),
    );
}
