import { fromCents, orderStatus, type Order } from '@shop/shared';
import { lineCharge } from '../../db/line-charge.js';
import type { OrderRow } from './rows.js';

/** The answer shape of every order endpoint (`orderSchema`): amounts from cents to dollars. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    img: row.img,
    description: row.description,
    quantity: row.quantity,
    price: fromCents(row.price),
    name: row.name,
    email: row.email,
    number: row.number,
    address: row.address,
    paid: row.paid,
    shipping: row.shipping,
    shippedQuantity: row.shippedQuantity,
    transactionId: row.transactionId,
    testPayment: row.testPayment,
    status: orderStatus(row),
    createdAt: row.createdAt.toISOString(),
    // Only an unpaid order holds stock, whatever an old row still carries.
    holdExpiresAt: row.paid ? null : (row.holdExpiresAt?.toISOString() ?? null),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    unitPrice: fromCents(row.unitPrice),
    shippingCharge: fromCents(row.shippingCharge),
    tax: fromCents(row.tax),
    total: fromCents(lineCharge(row)),
    purchaseId: row.purchaseId,
    purchaseNumber: row.purchaseNumber,
  };
}

/** The audit log's name for an order: what, how many, for whom. */
export const orderLabel = (order: OrderRow) =>
  `${order.quantity} x ${order.productName} for ${order.email}`;
