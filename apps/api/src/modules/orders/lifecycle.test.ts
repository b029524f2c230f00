import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import {
  advance,
  allows,
  ORDER_LIFECYCLE,
  refusal,
  stateOf,
  statesLeftBy,
  type OrderEvent,
} from './lifecycle.js';
import { orderMessages, paymentMessages } from './messages.js';

const unpaid = { paid: false, shipping: false };
const paid = { paid: true, shipping: false };
const shipped = { paid: true, shipping: true };

describe('the order lifecycle', () => {
  it('reads the state from the stored flags', () => {
    expect(stateOf(unpaid)).toBe('unpaid');
    expect(stateOf(paid)).toBe('paid');
    expect(stateOf(shipped)).toBe('shipped');
  });

  it('lets an unpaid order be paid, cancelled, deleted or expire, but not shipped', () => {
    expect(advance(unpaid, 'pay')).toBe('paid');
    expect(advance(unpaid, 'cancel')).toBe('cancelled');
    expect(advance(unpaid, 'delete')).toBe('cancelled');
    expect(advance(unpaid, 'expire')).toBe('expired');
    expect(allows(unpaid, 'ship')).toBe(false);
  });

  it('lets a paid order be shipped, and a shipped one shipped again without a change', () => {
    expect(advance(paid, 'ship')).toBe('shipped');
    expect(advance(shipped, 'ship')).toBe('shipped');
  });

  it.each<[string, { paid: boolean; shipping: boolean }, OrderEvent, string]>([
    ['ship an unpaid order', unpaid, 'ship', orderMessages.unpaidCannotShip],
    ['pay a paid order', paid, 'pay', paymentMessages.alreadyPaid],
    ['pay a shipped order', shipped, 'pay', paymentMessages.alreadyPaid],
    ['cancel a paid order', paid, 'cancel', orderMessages.paidCannotBeCancelled],
    ['cancel a shipped order', shipped, 'cancel', orderMessages.paidCannotBeCancelled],
    ['delete a paid order', paid, 'delete', orderMessages.paidCannotBeDeleted],
    ['delete a shipped order', shipped, 'delete', orderMessages.paidCannotBeDeleted],
    ['expire a paid order', paid, 'expire', orderMessages.paidIsNotHeld],
  ])('refuses to %s with 409 and its message', (_label, order, event, message) => {
    expect(allows(order, event)).toBe(false);
    expect(refusal(order, event)).toMatchObject({ statusCode: 409, message });
    expect(() => advance(order, event)).toThrow(HttpError);
    expect(() => advance(order, event)).toThrow(message);
  });

  it('names, for each event, the states its conditional statement may change', () => {
    expect(statesLeftBy('pay')).toEqual(['unpaid']);
    expect(statesLeftBy('ship')).toEqual(['paid']);
    expect(statesLeftBy('cancel')).toEqual(['unpaid']);
    expect(statesLeftBy('delete')).toEqual(['unpaid']);
    expect(statesLeftBy('expire')).toEqual(['unpaid']);
  });

  it('has an answer for every event in every stored state', () => {
    const events: OrderEvent[] = ['pay', 'ship', 'cancel', 'delete', 'expire'];
    for (const steps of Object.values(ORDER_LIFECYCLE)) {
      expect(Object.keys(steps).sort()).toEqual([...events].sort());
    }
  });
});
