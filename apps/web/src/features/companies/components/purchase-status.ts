import type { Purchase } from '@shop/shared';

/** A purchase's status as the company's pages name it. */
export const PURCHASE_STATUS_LABEL: Record<Purchase['status'], string> = {
  awaiting_approval: 'Waiting for approval',
  unpaid: 'Waiting for payment',
  paid: 'Paid',
  shipped: 'Shipped',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
};

/** Where a purchase is read: the purchase page of the orders feature. */
export const purchasePath = (id: string) => `/dashboard/purchases/${id}`;
