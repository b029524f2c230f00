import {
  sandboxConfirmResultSchema,
  sandboxPaymentErrorSchema,
  type SandboxConfirm,
  type SandboxConfirmResult,
} from '@shop/shared';
import { call, routes } from '../../../lib/api-client';

export type SandboxCard = SandboxConfirm['card'];
export type BillingDetails = { name: string; email: string };
export type ConfirmedPaymentIntent = SandboxConfirmResult['paymentIntent'];

/** The gateway answers failures the way Stripe does; its message is shown as it is. */
function readGatewayError(payload: unknown) {
  const parsed = sandboxPaymentErrorSchema.safeParse(payload);
  return parsed.success
    ? { error: parsed.data.error.type, message: parsed.data.error.message }
    : null;
}

/**
 * The test-mode gateway's stand-in for Stripe's
 * confirmCardPayment. A refused card fails with the gateway's message ("Your card was
 * declined."), which the API client keeps as the error's message.
 */
export async function confirmSandboxPayment(
  clientSecret: string,
  card: SandboxCard,
  billingDetails: BillingDetails,
): Promise<ConfirmedPaymentIntent> {
  const body: SandboxConfirm = { clientSecret, card, billingDetails };
  const answer = await call(
    routes.payments.sandboxConfirm,
    { body },
    { schema: sandboxConfirmResultSchema, readError: readGatewayError },
  );
  return answer.paymentIntent;
}
