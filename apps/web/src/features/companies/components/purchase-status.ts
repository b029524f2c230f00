import { PURCHASE_STATUS_LABELS } from '@shop/shared';

/** A purchase's status as the company's pages name it: the glossary's words. */
export const PURCHASE_STATUS_LABEL = PURCHASE_STATUS_LABELS;

/** Where a purchase is read: the purchase page of the orders feature. */
export const purchasePath = (id: string) => `/dashboard/purchases/${id}`;
