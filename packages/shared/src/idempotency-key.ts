import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX, idempotencyMessages } from './idempotency.js';

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
