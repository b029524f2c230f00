import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sandboxPaymentIntents } from '../db/schema.js';
import {
  amountInCents,
  CURRENCY,
  intentIdempotencyKey,
  parseStripeWebhook,
  type GatewayIntent,
  type IntentStatus,
  type PaymentGateway,
} from './gateway.js';
import { checkCard, type CardError, type SandboxCard } from './sandbox-cards.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomAlphanumeric = (length: number) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

export interface SandboxConfirmInput {
  clientSecret: string;
  card: SandboxCard;
}

/** Stripe's answers to confirmCardPayment, with the HTTP status its API would use. */
export type SandboxConfirmOutcome =
  | { ok: true; intent: GatewayIntent }
  | {
      ok: false;
      statusCode: 400 | 402 | 404;
      error: CardError | { type: 'invalid_request_error'; code: string; message: string };
    };

export interface SandboxGateway extends PaymentGateway {
  kind: 'sandbox';
  /** Stands in for Stripe.js confirmCardPayment: charges the card of Stripe's test mode. */
  confirm(input: SandboxConfirmInput, now?: Date): Promise<SandboxConfirmOutcome>;
}

type Row = typeof sandboxPaymentIntents.$inferSelect;

const toIntent = (row: Row): GatewayIntent => ({
  id: row.id,
  status: row.status as IntentStatus,
  amount: row.amount,
  currency: row.currency,
  orderId: row.orderId,
  purchaseId: row.purchaseId,
  invoicePaymentId: row.invoicePaymentId,
  clientSecret: row.clientSecret,
  livemode: false,
});

const unexpectedState = (status: string) => ({
  ok: false as const,
  statusCode: 400 as const,
  error: {
    type: 'invalid_request_error' as const,
    code: 'payment_intent_unexpected_state',
    message:
      status === 'succeeded'
        ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
        : `You cannot confirm this PaymentIntent because it has a status of ${status}.`,
  },
});

/**
 * The built-in gateway of DESIGN section 6 for shops without Stripe keys. Its intents live in the
 * database with Stripe's shapes (`pi_...`, `<id>_secret_...`), so they survive restarts and every
 * instance on one database sees the same intent. Each change is one conditional statement: a
 * confirmation and a cancellation racing each other cannot both win.
 */
export function createSandboxGateway(db: Db, webhookSecret?: string): SandboxGateway {
  const find = async (id: string) => {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id));
    return row ?? null;
  };

  return {
    kind: 'sandbox',

    async createIntent(order) {
      const id = `pi_${randomAlphanumeric(24)}`;
      // On a repeated key the row is left as it is and returned, as Stripe answers a retried
      // request with the first answer.
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomAlphanumeric(24)}`,
          idempotencyKey: intentIdempotencyKey(order),
          amount: amountInCents(order.price),
          currency: CURRENCY,
          orderId: (order.pays ?? 'order') === 'order' ? order.id : null,
          purchaseId: order.pays === 'purchase' ? order.id : null,
          invoicePaymentId: order.pays === 'invoices' ? order.id : null,
        })
        .onConflictDoUpdate({
          target: sandboxPaymentIntents.idempotencyKey,
          set: { idempotencyKey: sql`excluded.idempotency_key` },
        })
        .returning();
      if (!row) throw new Error('The database returned no row for the payment intent.');
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrieve(intentId) {
      const row = await find(intentId);
      return row ? toIntent(row) : null;
    },

    async cancel(intentId) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxPaymentIntents.id, intentId),
            eq(sandboxPaymentIntents.status, 'requires_payment_method'),
          ),
        );
      const row = await find(intentId);
      if (!row) throw new Error(`No such payment intent: ${intentId}`);
      return toIntent(row);
    },

    async refund(intentId, options = {}) {
      const { amount } = options;
      if (amount === undefined) {
        const [whole] = await db
          .update(sandboxPaymentIntents)
          .set({ amountRefunded: sandboxPaymentIntents.amount, updatedAt: sql`now()` })
          .where(
            and(
              eq(sandboxPaymentIntents.id, intentId),
              eq(sandboxPaymentIntents.status, 'succeeded'),
              sql`${sandboxPaymentIntents.amountRefunded} < ${sandboxPaymentIntents.amount}`,
            ),
          )
          .returning({ id: sandboxPaymentIntents.id });
        return whole ? `re_${randomAlphanumeric(24)}` : null;
      }
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new Error(`A refund is a positive number of cents, not ${amount}.`);
      }
      // One conditional statement: two refunds at once never give back more than was paid.
      const [part] = await db
        .update(sandboxPaymentIntents)
        .set({
          amountRefunded: sql`${sandboxPaymentIntents.amountRefunded} + ${amount}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxPaymentIntents.id, intentId),
            eq(sandboxPaymentIntents.status, 'succeeded'),
            sql`${sandboxPaymentIntents.amountRefunded} + ${amount} <= ${sandboxPaymentIntents.amount}`,
          ),
        )
        .returning({ id: sandboxPaymentIntents.id });
      if (!part) {
        throw new Error(
          `The sandbox cannot refund ${amount} cents of ${intentId}: not paid, or not that much left.`,
        );
      }
      return `re_${randomAlphanumeric(24)}`;
    },

    parseWebhook: (rawBody, signature) => parseStripeWebhook(webhookSecret, rawBody, signature),

    async confirm({ clientSecret, card }, now = new Date()) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      if (!row) {
        return {
          ok: false,
          statusCode: 404,
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent: the client secret does not name a payment.',
          },
        };
      }
      if (row.status !== 'requires_payment_method') return unexpectedState(row.status);

      const cardError = checkCard(card, now);
      if (cardError) {
        // As at Stripe, a declined intent stays open for another card.
        await db
          .update(sandboxPaymentIntents)
          .set({ lastError: cardError.code, updatedAt: sql`now()` })
          .where(eq(sandboxPaymentIntents.id, row.id));
        return { ok: false, statusCode: 402, error: cardError };
      }
      const [paid] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', lastError: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxPaymentIntents.id, row.id),
            eq(sandboxPaymentIntents.status, 'requires_payment_method'),
          ),
        )
        .returning();
      if (!paid) {
        const current = await find(row.id);
        return unexpectedState(current?.status ?? 'canceled');
      }
      return { ok: true, intent: toIntent(paid) };
    },
  };
}
