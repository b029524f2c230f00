import { subscribeInputSchema, type SubscribeInput } from '@shop/shared';

export type SubscribeCheck =
  { success: true; data: SubscribeInput } | { success: false; error: string };

/**
 * The newsletter address checked with the shared rule (packages/shared), the one the server
 * applies too. The form loads this module on its first submit, so the rule's library is not part
 * of the home page's first load (docs/decisions/008).
 */
export function checkSubscribeInput(email: string): SubscribeCheck {
  const parsed = subscribeInputSchema.safeParse({ email });
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, error: parsed.error.issues[0]!.message };
}
