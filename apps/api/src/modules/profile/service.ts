import type { UserInfo } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userInfo } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { normalizeEmail, type SignedInUser } from '../../kernel/people.js';

export const profileMessages = {
  notYours: 'You may only see or change your own profile.',
} as const;

const infoColumns = {
  education: userInfo.education,
  location: userInfo.location,
  number: userInfo.number,
  linkedin: userInfo.linkedin,
  company: userInfo.company,
  taxId: userInfo.taxId,
  billingAddress: userInfo.billingAddress,
  shippingAddress: userInfo.shippingAddress,
};

/**
 * The profile is the user's own: another user gets 403, an admin too (an admin manages orders
 * and products, not other people's profiles).
 */
function assertSelf(actor: SignedInUser, email: string) {
  if (normalizeEmail(email) !== actor.email) throw new HttpError(403, profileMessages.notYours);
}

/** GET /userinfo/{email}: the stored information, or null before the first save. */
export async function getUserInfo(
  db: Db,
  actor: SignedInUser,
  email: string,
): Promise<UserInfo | null> {
  assertSelf(actor, email);
  const [info] = await db.select(infoColumns).from(userInfo).where(eq(userInfo.userId, actor.id));
  return info ?? null;
}

/**
 * PUT /userinfo/{email}: Add Information the first time, Update Information after. One
 * statement; `xmax = 0` holds only for a row this statement inserted (an updated row carries
 * the updating transaction's id), which tells the two apart without a second query or a race.
 */
export async function saveUserInfo(
  db: Db,
  actor: SignedInUser,
  email: string,
  info: UserInfo,
): Promise<{ upserted: boolean; info: UserInfo }> {
  assertSelf(actor, email);
  const [row] = await db
    .insert(userInfo)
    .values({ userId: actor.id, ...info })
    .onConflictDoUpdate({ target: userInfo.userId, set: { ...info, updatedAt: sql`now()` } })
    .returning({ ...infoColumns, inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('The database returned no row for the user info.');
  const { inserted, ...saved } = row;
  return { upserted: inserted, info: saved };
}
