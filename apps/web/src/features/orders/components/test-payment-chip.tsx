import type { Order } from '@shop/shared';
import { Chip } from '../../../components/ui/chip';

/**
 * Marks an order paid with a test card (the sandbox gateway, or Stripe in test mode): no money
 * moved, so whoever ships must not take "paid" at its word. Nothing for other orders. Default
 * colours, dashed: the theme's amber secondary would fail AA contrast as text on white.
 */
export function TestPaymentChip({ order }: { order: Pick<Order, 'paid' | 'testPayment'> }) {
  if (!order.paid || !order.testPayment) return null;
  return <Chip label="Test payment" size="small" variant="outlined" dashed />;
}
