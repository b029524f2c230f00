/** What the order endpoints answer when they refuse, in one place for the services and tests. */
export const orderMessages = {
  notFound: 'No order with this id.',
  productNotFound: 'No product with this id.',
  notYours: 'This order belongs to another customer.',
  otherEmail: 'You may only list your own orders. Admins see every order under /allorders.',
  paidCannotBeCancelled: 'A paid order cannot be cancelled.',
  paidCannotBeDeleted:
    'A paid order cannot be deleted: issue a credit note on its purchase instead.',
  justPaid: 'This order has just been paid, so it can no longer be cancelled.',
  unpaidCannotShip: 'Only a paid order can be shipped.',
  paidIsNotHeld: 'A paid order holds no stock, so its hold cannot expire.',
  changing: 'The order is changing; please try again.',
} as const;

export const paymentMessages = {
  unknownPayment: 'No payment with this transaction id.',
  otherOrder: 'This payment belongs to another order.',
  wrongAmount: 'The payment amount does not match the order total.',
  notSucceeded: (status: string) =>
    `The payment has not gone through (its status is ${status}). Please pay first.`,
  alreadyPaid: 'This order is already paid.',
  orderGoneRefunded: 'This order no longer exists; its payment has been refunded.',
  free: 'This order is free: there is nothing to pay.',
  intentCancelled: 'The payment of this order was cancelled. Please order again.',
  idMismatch: '_id: The _id in the body must be the id in the address.',
} as const;
