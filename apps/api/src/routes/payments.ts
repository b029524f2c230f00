import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import { serve } from './endpoint.js';
import { HttpError } from '../http/errors.js';
import { WebhookSignatureError } from '../payments/gateway.js';
import type { SandboxGateway } from '../payments/sandbox.js';
import type { PaymentContext } from '../modules/orders/context.js';
import { createPurchaseIntent } from '../modules/orders/purchase-payment.js';
import { createPaymentIntent, handleWebhookEvent } from '../modules/orders/payment.js';
import { createInvoicesIntent, settleInvoiceIntent } from '../workflows/accounts/card-payments.js';

const { payments } = api;

export interface PaymentRoutesOptions {
  ctx: PaymentContext;
  guards: Guards;
  /** Unset: POST /webhooks/stripe answers 404. */
  webhookSecret?: string;
}

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (
  app,
  { ctx, guards, webhookSecret },
) => {
  serve(app, guards, payments.createIntent, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { body } = request;
    if ('purchaseId' in body)
      return createPurchaseIntent(ctx, currentUser(request), body.purchaseId);
    if ('invoiceIds' in body)
      return createInvoicesIntent(ctx, currentUser(request), body.invoiceIds);
    return createPaymentIntent(ctx, currentUser(request), body.orderId);
  });

  // Its own plugin: the raw-body parser must apply to this route only. Stripe signs the exact
  // bytes it sent, so the body is kept as a Buffer, never parsed and re-serialised before the check.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    serve(webhooks, guards, payments.stripeWebhook, async (request) => {
      if (!webhookSecret) {
        throw new HttpError(404, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      }
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = ctx.gateway.parseWebhook(
          rawBody,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, error.message);
        throw error;
      }
      // A card payment of invoices on account is the ledger's; every other intent pays orders.
      if (event.type === 'payment_intent.succeeded' && event.intent?.invoicePaymentId) {
        await settleInvoiceIntent(ctx, event.intent);
        return { received: true as const };
      }
      return handleWebhookEvent(ctx, event);
    });
  });

  if (ctx.gateway.kind === 'sandbox') {
    const sandbox = ctx.gateway as SandboxGateway;
    // Stands in for Stripe.js confirmCardPayment when no Stripe keys are set. Answers in
    // Stripe's shapes; the card itself is checked, never stored, logged or echoed.
    serve(app, guards, payments.sandboxConfirm, async (request, reply) => {
      const outcome = await sandbox.confirm(request.body);
      reply.header('cache-control', 'no-store');
      if (!outcome.ok) return reply.code(outcome.statusCode).send({ error: outcome.error });
      const { id, amount, currency } = outcome.intent;
      return { paymentIntent: { id, status: 'succeeded' as const, amount, currency } };
    });
  }
};
