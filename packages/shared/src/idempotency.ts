/**
 * `Idempotency-Key` (DESIGN section 9; docs/decisions/025-idempotency-keys.md): a caller names
 * one attempt of a write, so a retry of it (a double click, a request whose answer was lost)
 * gets the first answer again instead of buying twice. Stripe's semantics, where DESIGN is silent.
 * Plain constants: the web app's API client reads them on the first page, which loads no zod
 * (docs/decisions/008); the schemas are in idempotency-key.ts.
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
