import { HttpError } from '../../http/errors.js';
import { orderMessages, paymentMessages } from './messages.js';

/**
 * The order lifecycle of SPEC section 4, written once:
 *
 *   unpaid --pay--> paid --ship--> shipped
 *   unpaid --cancel (owner) / delete (admin)--> cancelled
 *   unpaid --expire (the hold sweeper)--> expired
 *
 * Cancelled and expired orders are deleted and their stock released, so a stored order is
 * unpaid, paid or shipped. Every service function asks this table before it changes an order,
 * and the statement that makes the change is conditional on the states the table lets that
 * event leave (store.ts), so when two requests race, the loser finds a state the table refuses.
 */

export type OrderState = 'unpaid' | 'paid' | 'shipped' | 'cancelled' | 'expired';
/** The states a stored order can be in. */
export type StoredState = Extract<OrderState, 'unpaid' | 'paid' | 'shipped'>;
export type OrderEvent = 'pay' | 'ship' | 'cancel' | 'delete' | 'expire';

/** Where an event takes an order from one state, or the message refusing it (409). */
export type Step = { readonly to: OrderState } | { readonly refused: string };

export const ORDER_LIFECYCLE: Readonly<Record<StoredState, Readonly<Record<OrderEvent, Step>>>> = {
  unpaid: {
    pay: { to: 'paid' },
    ship: { refused: orderMessages.unpaidCannotShip },
    cancel: { to: 'cancelled' },
    delete: { to: 'cancelled' },
    expire: { to: 'expired' },
  },
  paid: {
    pay: { refused: paymentMessages.alreadyPaid },
    ship: { to: 'shipped' },
    cancel: { refused: orderMessages.paidCannotBeCancelled },
    delete: { refused: orderMessages.paidCannotBeDeleted },
    expire: { refused: orderMessages.paidIsNotHeld },
  },
  shipped: {
    pay: { refused: paymentMessages.alreadyPaid },
    // Shipping again is answered with the order as it is: nothing changes, nothing is audited.
    ship: { to: 'shipped' },
    cancel: { refused: orderMessages.paidCannotBeCancelled },
    delete: { refused: orderMessages.paidCannotBeDeleted },
    expire: { refused: orderMessages.paidIsNotHeld },
  },
};

const STORED_STATES = Object.keys(ORDER_LIFECYCLE) as StoredState[];

/** The state of a stored order, from its flags (the admin's Unpaid, Pending and Shipping). */
export function stateOf(order: { paid: boolean; shipping: boolean }): StoredState {
  if (!order.paid) return 'unpaid';
  return order.shipping ? 'shipped' : 'paid';
}

/** Whether the table lets `event` happen to this order now. */
export function allows(order: { paid: boolean; shipping: boolean }, event: OrderEvent): boolean {
  return 'to' in ORDER_LIFECYCLE[stateOf(order)][event];
}

/** The 409 the table answers when it refuses `event` for this order, or null when it allows it. */
export function refusal(
  order: { paid: boolean; shipping: boolean },
  event: OrderEvent,
): HttpError | null {
  const step = ORDER_LIFECYCLE[stateOf(order)][event];
  return 'refused' in step ? new HttpError(409, step.refused) : null;
}

/** The state `event` takes this order to; throws the table's 409 when it refuses the event. */
export function advance(
  order: { paid: boolean; shipping: boolean },
  event: OrderEvent,
): OrderState {
  const step = ORDER_LIFECYCLE[stateOf(order)][event];
  if ('refused' in step) throw new HttpError(409, step.refused);
  return step.to;
}

/**
 * The states `event` moves an order out of: the condition of the statement that makes the
 * change. A repeat that stays put (shipping a shipped order) is not among them.
 */
export function statesLeftBy(event: OrderEvent): StoredState[] {
  return STORED_STATES.filter((from) => {
    const step = ORDER_LIFECYCLE[from][event];
    return 'to' in step && step.to !== from;
  });
}
