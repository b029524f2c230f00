import { checkVatIdFormat, viesParts, type VatIdCheck } from '@shop/shared';
import { z } from 'zod';

/*
 * The EU's VIES REST API (DESIGN section 9): `POST {VIES_URL}/check-vat-number
 * { countryCode, vatNumber }` -> `{ valid }`. VIES is often slow or down for one member state;
 * the answer is awaited briefly, and anything but a clear `valid` boolean is `unavailable`, which
 * the tax engine treats as "charge VAT" (never a silent zero).
 */

/** How long a purchase waits for VIES: a checkout must not hang on a government server. */
export const VIES_TIMEOUT_MS = 3_000;

const viesAnswerSchema = z.object({ valid: z.boolean() });

export interface ViesOptions {
  /** `VIES_URL`; undefined: VIES is not configured, the answer is `skipped`. */
  url: string | undefined;
  timeoutMs?: number;
}

/** Asks VIES whether an EU VAT id is registered. A VAT id failing its format is `invalid`. */
export async function checkVatIdWithVies(vatId: string, options: ViesOptions): Promise<VatIdCheck> {
  const format = checkVatIdFormat(vatId);
  if (!format.valid) return 'invalid';
  if (options.url === undefined) return 'skipped';
  try {
    const response = await fetch(`${options.url}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(viesParts(format.normalized)),
      signal: AbortSignal.timeout(options.timeoutMs ?? VIES_TIMEOUT_MS),
    });
    if (!response.ok) return 'unavailable';
    const answer = viesAnswerSchema.safeParse(await response.json());
    if (!answer.success) return 'unavailable';
    return answer.data.valid ? 'valid' : 'invalid';
  } catch {
    // Refused, reset, timed out, not JSON: VIES did not answer.
    return 'unavailable';
  }
}
