import {
  apiKeyMessages,
  API_KEYS_MAX,
  COMPANY_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type apiKeyInputSchema,
  type apiKeyQuerySchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import {
  activeKeyCount,
  findApiKey,
  insertApiKey,
  lockKeyOwner,
  listApiKeys,
  markRevoked,
  toApiKey,
  type KeyOwner,
} from '../../modules/api-keys/store.js';
import { ownerOrShop } from '../../modules/companies/membership.js';

/*
 * Who manages which keys (issue 32 item 1, docs/decisions/053): an admin makes the shop's own
 * keys (any scope: the ERP's catalogue, stock, orders and shipping) and sees and revokes every
 * key; a company's owner makes, sees and revokes the company's keys, whose scopes are the
 * company's buying (COMPANY_KEY_SCOPES). Anyone else manages none. Each make and revoke is in
 * the audit log with the key's prefix and scopes, never its secret.
 */

type KeyInput = z.output<typeof apiKeyInputSchema>;
type KeyQuery = z.output<typeof apiKeyQuerySchema>;

/** Whose keys the caller manages: the shop's (an admin), their company's (its owner), or 403. */
const managedBy = (db: Db, user: SignedInUser): Promise<KeyOwner> =>
  ownerOrShop(db, user, apiKeyMessages);

/** POST /api-keys. */
export async function createApiKey(
  db: Db,
  user: SignedInUser,
  input: KeyInput,
): Promise<ApiKeyCreated> {
  const owner = await managedBy(db, user);
  if (owner.companyId !== null && input.scopes.some((s) => !COMPANY_KEY_SCOPES.includes(s))) {
    throw new HttpError(400, apiKeyMessages.companyScopes);
  }
  const { row, secret } = await db.transaction(async (tx) => {
    await lockKeyOwner(tx, owner);
    if ((await activeKeyCount(tx, owner)) >= API_KEYS_MAX) {
      throw new HttpError(409, apiKeyMessages.tooMany);
    }
    const made = await insertApiKey(tx, user, owner, input);
    await recordAudit(tx, {
      actor: user,
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: made.row.id,
      targetLabel: made.row.name,
      details: { prefix: made.row.prefix, scopes: input.scopes, companyId: owner.companyId },
    });
    return made;
  });
  return { ...toApiKey(row), secret };
}

/** GET /api-keys: an admin's every key, an owner's company's. */
export async function listKeysFor(
  db: Db,
  user: SignedInUser,
  query: KeyQuery,
): Promise<ApiKeyList> {
  const owner = user.isAdmin ? null : await managedBy(db, user);
  return listApiKeys(db, owner, {
    page: query.page,
    limit: query.limit,
    revoked: query.revoked === 'true',
  });
}

/** DELETE /api-keys/{id}: refused from the next request on, on every instance. */
export async function revokeApiKey(db: Db, user: SignedInUser, id: string): Promise<ApiKey> {
  const key = await findApiKey(db, id);
  if (!key) throw new HttpError(404, apiKeyMessages.notFound);
  if (!user.isAdmin) {
    const owner = await managedBy(db, user);
    if (owner.companyId !== key.companyId) throw new HttpError(403, apiKeyMessages.notOwner);
  }
  const revoked = await db.transaction(async (tx) => {
    const row = await markRevoked(tx, id, user.email);
    if (!row) throw new HttpError(409, apiKeyMessages.revokedAlready);
    await recordAudit(tx, {
      actor: user,
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: row.id,
      targetLabel: row.name,
      details: { prefix: row.prefix, scopes: row.scopes, companyId: row.companyId },
    });
    return row;
  });
  return toApiKey(revoked);
}
