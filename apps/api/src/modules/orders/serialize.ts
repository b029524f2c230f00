import { orderStatus, type Order } from '@shop/shared';
import type { OrderRow } from './store.js';

const HOUR_MS = 60 * 60 * 1000;

/** The answer shape of every order endpoint (`orderSchema`). */
export function toOrder(row: OrderRow, holdHours: number): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    img: row.img,
    description: row.description,
    quantity: row.quantity,
    price: row.price,
    name: row.name,
    email: row.email,
    number: row.number,
    address: row.address,
    paid: row.paid,
    shipping: row.shipping,
    transactionId: row.transactionId,
    testPayment: row.testPayment,
    status: orderStatus(row),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.paid
      ? null
      : new Date(row.createdAt.getTime() + holdHours * HOUR_MS).toISOString(),
  };
}

/** The audit log's name for an order: what, how many, for whom. */
export const orderLabel = (order: OrderRow) =>
  `${order.quantity} x ${order.productName} for ${order.email}`;
