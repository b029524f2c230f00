import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signature of a webhook delivery (issue 32, DESIGN section 9), made the way Stripe signs:
 * `Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<body>">` with the
 * subscription's secret. A receiver recomputes it over the exact bytes it got and refuses a
 * timestamp too far from its clock, so an old delivery cannot be replayed (docs/integrations.md).
 */

export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header's value for `body` sent at `timestamp` (unix seconds). */
export const webhookSignature = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;

/**
 * Whether `header` signs `body` with `secret`, made within `toleranceSeconds` of `now` (unix
 * seconds): what a receiver checks, and what the tests check the shop's deliveries with.
 */
export function verifyWebhookSignature(
  header: string,
  body: string,
  secret: string,
  { now = Math.floor(Date.now() / 1000), toleranceSeconds = 300 } = {},
): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) {
    return false;
  }
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
