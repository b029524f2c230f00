import { INVITATIONS_PAGE } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, companyMembers } from '../../db/schema.js';
import { enqueueEmail, type EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import { displayName } from '../../kernel/people.js';

/**
 * The company's own email (issue 15): the invitation, queued in the transaction of the change
 * (mail/jobs.ts) and built when the mail worker sends it. The emails about a company's purchases
 * (approval needed, not approved) are the buying workflow's (workflows/buying/approval-emails.ts).
 */

export const COMPANY_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set(['company-invitation']);

export async function enqueueInvitation(
  tx: Tx,
  invite: { companyId: string; email: string; role: string; spendingLimit: number | null },
  invitedBy: string,
  hasAccount: boolean,
) {
  await enqueueEmail(tx, {
    kind: 'company-invitation',
    to: invite.email,
    payload: { ...invite, invitedBy: await displayName(tx, invitedBy), hasAccount },
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The mail worker's `compose` for the invitation. */
export function composeCompanyEmail(db: Db, settings: { shopName: string; publicUrl: string }) {
  const page = (path: string) => new URL(path, settings.publicUrl).toString();
  return async (job: {
    kind: EmailKind;
    to: string;
    payload: Record<string, unknown>;
  }): Promise<MailMessage | null> => {
    const { companyInvitationEmail } = await import('../../mail/company-emails.js');
    const p = job.payload;
    if (job.kind === 'company-invitation') {
      const companyId = text(p.companyId);
      const [company] = companyId
        ? await db
            .select({ name: companies.name })
            .from(companies)
            .where(eq(companies.id, companyId))
        : [];
      // Withdrawn, declined or accepted before it went out: nothing to say.
      const [still] = companyId
        ? await db
            .select({ email: companyMembers.email })
            .from(companyMembers)
            .where(
              and(
                eq(companyMembers.email, job.to),
                eq(companyMembers.companyId, companyId),
                eq(companyMembers.status, 'invited'),
              ),
            )
        : [];
      if (!company || !still) return null;
      return companyInvitationEmail({
        shopName: settings.shopName,
        to: job.to,
        companyName: company.name,
        role: (['owner', 'approver', 'buyer'].includes(String(p.role)) ? p.role : 'buyer') as
          'owner' | 'approver' | 'buyer',
        invitedBy: text(p.invitedBy) ?? 'A colleague',
        spendingLimit: typeof p.spendingLimit === 'number' ? p.spendingLimit : null,
        url: page(INVITATIONS_PAGE),
        hasAccount: p.hasAccount === true,
      });
    }
    return null;
  };
}
