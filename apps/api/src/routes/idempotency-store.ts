import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS } from '@shop/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';

/**
 * The rows behind `Idempotency-Key` (docs/decisions/025): claim a key before the request runs,
 * keep its answer after, or let it go when nothing should be kept. Every step is one statement,
 * so two instances on one PostgreSQL agree through the table's primary key alone.
 */

/** One key of one caller on one endpoint. */
export interface KeyRef {
  userId: string;
  /** The contract's method and path, e.g. `POST /order`. */
  endpoint: string;
  key: string;
}

export type Claim =
  /** The key is this request's: run it, then `finish` or `release`. */
  | { kind: 'run' }
  /** The first request with this key and this body finished: answer what it answered. */
  | { kind: 'replay'; status: number; body: string }
  /** The key was used with another body. */
  | { kind: 'other-body' }
  /** The first request with this key still runs. */
  | { kind: 'in-progress' };

/** A value as JSON with every object's keys sorted, so the order of fields never matters. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, inner]) => `${JSON.stringify(name)}:${canonicalJson(inner)}`);
  return `{${fields.join(',')}}`;
}

/** What two requests must share to be "the same request": path parameters and body. */
export function requestHash(request: { params?: unknown; body?: unknown }): string {
  const canonical = canonicalJson({ params: request.params ?? null, body: request.body ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The database's clock decides age, so instances with drifting clocks still agree. */
const expired = sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

const sameKey = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.userId, ref.userId),
    eq(idempotencyKeys.endpoint, ref.endpoint),
    eq(idempotencyKeys.key, ref.key),
  );

/** How often an instance deletes every expired key, besides the one a request names. */
const SWEEP_EVERY_MS = 60_000;

export interface IdempotencyStore {
  claim(ref: KeyRef, hash: string): Promise<Claim>;
  /** Keeps the answer of the request that claimed the key. */
  finish(ref: KeyRef, status: number, body: string): Promise<void>;
  /** Lets the key go: the request's answer is not kept (a 5xx, a 400), so a retry runs anew. */
  release(ref: KeyRef): Promise<void>;
  /** Deletes every key older than 24 hours; answers how many. */
  sweep(): Promise<number>;
}

export function idempotencyStore(db: Db): IdempotencyStore {
  let lastSweep = 0;
  const sweep = async () => {
    lastSweep = Date.now();
    const gone = await db
      .delete(idempotencyKeys)
      .where(expired)
      .returning({ key: idempotencyKeys.key });
    return gone.length;
  };

  return {
    async claim(ref, hash) {
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweep();
      // An expired key is not honoured: it names a new request (Stripe: "We generate a new
      // request if a key is reused after the original is pruned").
      await db.delete(idempotencyKeys).where(and(sameKey(ref), expired));
      // Twice at most: a key found and let go between the insert and the read is free again.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const inserted = await db
          .insert(idempotencyKeys)
          .values({ ...ref, requestHash: hash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length > 0) return { kind: 'run' };
        const [row] = await db
          .select({
            requestHash: idempotencyKeys.requestHash,
            status: idempotencyKeys.status,
            body: idempotencyKeys.body,
          })
          .from(idempotencyKeys)
          .where(sameKey(ref));
        if (!row) continue;
        if (row.requestHash !== hash) return { kind: 'other-body' };
        if (row.status === null || row.body === null) return { kind: 'in-progress' };
        return { kind: 'replay', status: row.status, body: row.body };
      }
      return { kind: 'in-progress' };
    },

    async finish(ref, status, body) {
      await db.update(idempotencyKeys).set({ status, body }).where(sameKey(ref));
    },

    async release(ref) {
      await db.delete(idempotencyKeys).where(and(sameKey(ref), isNull(idempotencyKeys.status)));
    },

    sweep,
  };
}
