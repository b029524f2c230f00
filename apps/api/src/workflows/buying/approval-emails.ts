import { documentTotals } from '../../modules/orders/purchase-totals.js';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companyMembers, type AwaitingLineRow } from '../../db/schema.js';
import { displayName } from '../../kernel/people.js';
import { enqueueEmail, type EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import { isActive } from '../../modules/companies/membership.js';
import { findPurchase, type PurchaseRow } from '../../modules/orders/purchase-store.js';

/**
 * The emails about a company's purchases waiting for approval: "approval needed" to the
 * company's approvers and owners, "needs approval by your company" to the buyer when it goes for
 * approval (issue 28), and "not approved" to the buyer (the job carries what the email says).
 * Queued in the transaction of the change (mail/jobs.ts), built when the mail worker sends them.
 * "Approved" is the order-placed email with the approver's name (orders/purchase-emails.ts).
 */

export const APPROVAL_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set([
  'approval-needed',
  'purchase-submitted',
  'purchase-rejected',
]);

/**
 * To every active owner and approver of the company but the buyer; and to the buyer, that it
 * went for approval (issue 28).
 */
export async function enqueueApprovalNeeded(tx: Tx, purchase: PurchaseRow) {
  if (!purchase.companyId) return;
  await enqueueEmail(tx, {
    kind: 'purchase-submitted',
    to: purchase.email,
    payload: { purchaseId: purchase.id },
  });
  const deciders = await tx
    .select({ email: companyMembers.email })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, purchase.companyId),
        inArray(companyMembers.role, ['owner', 'approver']),
        isActive,
        ne(companyMembers.email, purchase.email),
      ),
    );
  await enqueueEmail(
    tx,
    deciders.map(({ email }) => ({
      kind: 'approval-needed' as const,
      to: email,
      payload: { purchaseId: purchase.id },
    })),
  );
}

/** To the buyer of a rejected purchase: by `rejectedBy`, or by the shop when nobody decided. */
export async function enqueueRejected(tx: Tx, purchase: PurchaseRow, rejectedBy: string | null) {
  const lines = purchase.awaitingLines ?? [];
  await enqueueEmail(tx, {
    kind: 'purchase-rejected',
    to: purchase.email,
    payload: {
      name: purchase.name,
      purchaseNumber: purchase.number,
      total: lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0),
      rejectedBy: rejectedBy ? await displayName(tx, rejectedBy) : null,
      reason: purchase.rejectionReason,
    },
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The mail worker's `compose` for the approval emails. */
export function composeApprovalEmail(db: Db, settings: { shopName: string; publicUrl: string }) {
  const page = (path: string) => new URL(path, settings.publicUrl).toString();
  return async (job: {
    kind: EmailKind;
    to: string;
    payload: Record<string, unknown>;
  }): Promise<MailMessage | null> => {
    const { approvalNeededEmail, purchaseRejectedEmail, purchaseSubmittedEmail } =
      await import('../../mail/company-emails.js');
    const p = job.payload;
    if (job.kind === 'approval-needed' || job.kind === 'purchase-submitted') {
      const purchaseId = text(p.purchaseId);
      const purchase = purchaseId ? await findPurchase(db, purchaseId) : null;
      // Decided (or withdrawn) before the email went out.
      if (!purchase?.awaitingLines || purchase.closedAs) return null;
      const lines = purchase.awaitingLines.map((line: AwaitingLineRow) => ({
        productName: line.productName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.quantity * line.unitPrice,
      }));
      // What the purchase will cost with its shipping and tax, as the receipt will say.
      const totals = documentTotals(
        purchase,
        purchase.awaitingLines.map((line) => ({
          price: line.quantity * line.unitPrice,
          shippingCharge: line.shippingCharge,
          tax: line.tax,
        })),
      );
      if (job.kind === 'purchase-submitted') {
        return purchaseSubmittedEmail({
          shopName: settings.shopName,
          to: job.to,
          name: purchase.name,
          purchaseNumber: purchase.number,
          lines,
          total: totals.total,
          totals,
          url: page(`/dashboard/purchases/${purchase.id}`),
        });
      }
      return approvalNeededEmail({
        shopName: settings.shopName,
        to: job.to,
        buyer: purchase.name,
        purchaseNumber: purchase.number,
        lines,
        total: totals.total,
        totals,
        url: page('/dashboard/approvals'),
      });
    }
    if (job.kind === 'purchase-rejected') {
      return purchaseRejectedEmail({
        shopName: settings.shopName,
        to: job.to,
        name: text(p.name),
        purchaseNumber: text(p.purchaseNumber) ?? '',
        total: typeof p.total === 'number' ? p.total : 0,
        rejectedBy: text(p.rejectedBy) ?? 'Your company',
        reason: text(p.reason),
        url: page('/dashboard/myorders'),
      });
    }
    return null;
  };
}
