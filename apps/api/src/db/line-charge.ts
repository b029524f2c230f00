import { sql } from 'drizzle-orm';
import { orders } from './schema.js';

/**
 * What a line costs its buyer, in cents: its goods, its share of the purchase's shipping and its
 * tax (issue 29, docs/decisions/038). What paying it takes and cancelling it gives back.
 */
export const lineCharge = (line: { price: number; shippingCharge: number; tax: number }): number =>
  line.price + line.shippingCharge + line.tax;

/** `lineCharge` in SQL, for sums over lines. */
export const lineChargeSql = sql`(${orders.price} + ${orders.shippingCharge} + ${orders.tax})`;
