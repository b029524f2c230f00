import { z } from 'zod';

/**
 * `Idempotency-Key` (DESIGN section 9; docs/decisions/025-idempotency-keys.md): a caller names
 * one attempt of a write, so a retry of it (a double click, a request whose answer was lost)
 * gets the first answer again instead of buying twice. Stripe's semantics, where DESIGN is silent.
 */

/** The request header, as HTTP spells it (Node reads it lowercased). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set to `true` on an answer replayed from a key (Stripe's header of the same name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Stripe's limit: "Idempotency keys are up to 255 characters long." */
export const IDEMPOTENCY_KEY_MAX = 255;

/** How long a key's answer is kept and honoured: then the key names a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const idempotencyMessages = {
  invalidKey: `Send an ${IDEMPOTENCY_KEY_HEADER} of 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (a random UUID is best), or leave the header out.`,
  otherBody: `This ${IDEMPOTENCY_KEY_HEADER} was already used with another request. Send a new key for a new request.`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running. Try again in a moment to get its answer.`,
} as const;

/**
 * A key: visible ASCII and inner spaces (what every HTTP stack passes unchanged), at most 255
 * characters. An empty header is a broken client, not "no key": it is refused, not ignored.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1, idempotencyMessages.invalidKey)
  .max(IDEMPOTENCY_KEY_MAX, idempotencyMessages.invalidKey)
  // No space at either end: HTTP drops it on the way, so such a key would not be the one sent.
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, idempotencyMessages.invalidKey);

/**
 * The headers an endpoint that takes a key validates. Loose: every other header stays as it came
 * (Fastify puts the parsed value in place of `request.headers`).
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeySchema.optional(),
});
