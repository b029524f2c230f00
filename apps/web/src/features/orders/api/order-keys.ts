import type { AdminOrderQuery } from '@shop/shared';

/**
 * Every order query key starts with 'orders', so one invalidation after a write refreshes the
 * lists and the single orders alike.
 */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string, page: number) => ['orders', 'mine', email, page] as const,
  admin: (query: AdminOrderQuery) => ['orders', 'admin', query] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/**
 * Deliberately outside 'orders': invalidating the orders after a payment must not create a new
 * payment intent for the order just paid.
 */
export const paymentIntentKey = (orderId: string) => ['payment-intent', orderId] as const;
