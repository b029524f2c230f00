import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Order } from '@shop/shared';

/**
 * Marks an order paid with a test card (the sandbox gateway, or Stripe in test mode): no money
 * moved, so whoever ships must not take "paid" at its word. Nothing for other orders.
 */
export function TestPaymentChip({ order }: { order: Pick<Order, 'paid' | 'testPayment'> }) {
  if (!order.paid || !order.testPayment) return null;
  return (
    <Tooltip title="Paid with a test card: no money was taken.">
      <Chip label="Test payment" size="small" color="secondary" variant="outlined" />
    </Tooltip>
  );
}
