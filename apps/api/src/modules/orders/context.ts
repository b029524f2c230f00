import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { SellerCountry } from '@shop/shared';

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
  /** OVERDUE_HOLD_DAYS: an invoice this many days overdue holds the company's account. */
  overdueHoldDays: number;
  /** What shipping and tax are charged by (issue 29): the seller, nexus states, VIES. */
  charges: {
    sellerCountry: SellerCountry;
    sellerTaxId: string | null;
    nexusStates: readonly string[];
    /** SHOP_TIME_ZONE: the day an exemption certificate is judged on. */
    timeZone: string;
    /** VIES_URL; undefined: VAT ids are checked by format only. */
    viesUrl: string | undefined;
  };
}
