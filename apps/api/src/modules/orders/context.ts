import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentGateway } from '../../payments/gateway.js';

/** What paying, cancelling and the hold sweeper need: the database, the gateway and the log. */
export interface PaymentContext {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

/** Everything the order routes need: the above, and the settings placing an order reads. */
export interface OrderContext extends PaymentContext {
  /** ORDER_HOLD_HOURS: how long an unpaid order holds its stock. */
  holdHours: number;
  /** UNPAID_ORDERS_MAX: the unpaid purchases (and those awaiting approval) one customer may hold. */
  unpaidMax: number;
  /** UNVERIFIED_HOLD_MINUTES: the hold of the one unpaid purchase an unverified account may have. */
  unverifiedHoldMinutes: number;
  /** APPROVAL_DAYS: a purchase awaiting approval longer than this is rejected by itself. */
  approvalDays: number;
}
