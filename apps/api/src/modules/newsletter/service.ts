import type { SubscribeInput } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';

/**
 * Stores the email once. The unique constraint decides, not a read before the write, so two
 * subscriptions of the same address at the same moment still give one row and one "new" answer.
 */
export async function subscribe(
  db: Db,
  input: SubscribeInput,
): Promise<{ alreadySubscribed: boolean }> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: input.email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { alreadySubscribed: inserted.length === 0 };
}
