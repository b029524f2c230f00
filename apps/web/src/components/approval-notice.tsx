import { APPROVAL_WORDS, toCents } from '@shop/shared';
import { formatCents, formatPrice } from '../lib/format';
import { Alert } from './ui/alert';

/** A company member's monthly spending limit and what the month has taken of it, in dollars. */
export interface Spending {
  limit: number;
  spent: number;
}

/**
 * Whether a purchase of `total` cents waits for approval: it takes the month above the limit.
 * The server decides by the same sum, in cents (workflows/buying/steps.ts).
 */
export function needsApproval(spending: Spending | null | undefined, total: number): boolean {
  return spending != null && toCents(spending.spent) + total > toCents(spending.limit);
}

/**
 * "This purchase needs approval by your company: it takes your spending this month to $16,450,
 * above your limit of $15,000. Nothing is charged until it is approved." Null when it does not
 * wait. The Buy Now page and the cart say it in the same words (issue 28).
 */
export function approvalNotice(spending: Spending | null | undefined, total: number) {
  if (!spending || !needsApproval(spending, total)) return null;
  const month = toCents(spending.spent) + total;
  return (
    `${APPROVAL_WORDS.notice}: it takes your spending this month to ${formatCents(month)}, ` +
    `above your limit of ${formatPrice(spending.limit)}. Nothing is charged until it is approved.`
  );
}

/** The notice as an alert, or nothing when the purchase does not wait. */
export function ApprovalNotice({ spending, total }: { spending?: Spending | null; total: number }) {
  const notice = approvalNotice(spending, total);
  return notice ? (
    <Alert severity="info" role="status" data-testid="approval-notice">
      {notice}
    </Alert>
  ) : null;
}
