import { zodResolver } from '@hookform/resolvers/zod';
import { addressSchema, phoneSchema } from '@shop/shared';
import { z } from 'zod';

/**
 * The purchase form's phone and address, checked with the shared rules the server applies too
 * (packages/shared). The form loads this module when it first checks them (on submit), so zod and
 * the shared schemas are not part of the purchase page's first load (docs/decisions/008).
 */
export const contactSchema = z.object({ number: phoneSchema, address: addressSchema });
export type ContactValues = z.infer<typeof contactSchema>;

export const contactResolver = zodResolver(contactSchema);
