import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema.js';

const AUTH_SECRET_NAME = 'auth';

/**
 * The secret that signs sessions, OAuth state and shop tokens. AUTH_SECRET wins; without it the
 * first instance to start makes one and stores it, and every later start (or other instance on
 * the same PostgreSQL) reads that one: insert-if-absent, then read, so two instances starting
 * at once still agree.
 */
export async function resolveAuthSecret(
  db: Db,
  configured: string | undefined,
  log: FastifyBaseLogger,
): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: AUTH_SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, AUTH_SECRET_NAME));
  if (!row) throw new Error('The auth secret could not be stored in the database.');
  log.warn(
    'AUTH_SECRET is not set: using a secret generated once and kept in the database. Set AUTH_SECRET (at least 32 random characters, e.g. `openssl rand -hex 32`) in production, so it is managed like your other secrets.',
  );
  return row.value;
}
