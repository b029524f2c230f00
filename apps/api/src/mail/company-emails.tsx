import type { MailMessage } from './message.js';
import {
  linkTo,
  money,
  renderEmail,
  type Block,
  type EmailLine,
  type EmailTotals,
} from './order-emails.js';

/** The company accounts' emails (issue 15), drawn like the order emails. */

const hello = (name: string | null): Block => ({
  kind: 'paragraph',
  text: name ? `Hello ${name},` : 'Hello,',
});

const ROLE_WORDS = {
  owner: 'an owner (you may invite colleagues and set their limits)',
  approver: 'an approver (you approve purchases above a spending limit)',
  buyer: 'a buyer',
} as const;

/** To an address an owner invited: what the company is, their role, how to join. */
export function companyInvitationEmail(d: {
  shopName: string;
  to: string;
  companyName: string;
  role: keyof typeof ROLE_WORDS;
  invitedBy: string;
  /** Cents a calendar month. */
  spendingLimit: number | null;
  /** The invitations page, where the invitee accepts or declines. */
  url: string;
  /** Whether an account with this address exists (else the invitee signs up first). */
  hasAccount: boolean;
}): Promise<MailMessage> {
  const blocks: Block[] = [
    hello(null),
    {
      kind: 'paragraph',
      text: `${d.invitedBy} invited you to join ${d.companyName} on ${d.shopName} as ${ROLE_WORDS[d.role]}.`,
    },
  ];
  if (d.spendingLimit !== null) {
    blocks.push({
      kind: 'paragraph',
      text:
        `Your purchases would add up to ${money.format(d.spendingLimit)} a calendar month; ` +
        'above that, a purchase waits for an approver of your company.',
    });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: d.hasAccount
        ? 'Nothing changes until you accept: open your invitations to accept or decline.'
        : `Sign up with this address (${d.to}) and confirm it, then accept or decline on your invitations page. Nothing changes until you accept.`,
    },
    ...linkTo('button', 'See the invitation', d.url),
  );
  return renderEmail(
    d.to,
    `You are invited to join ${d.companyName} on ${d.shopName}`,
    {
      shopName: d.shopName,
      preview: `${d.invitedBy} invited you to join ${d.companyName}.`,
      blocks,
    },
    { link: d.url },
  );
}

/** To each approver and owner (not the buyer): a purchase above a limit waits for them. */
export function approvalNeededEmail(d: {
  shopName: string;
  to: string;
  buyer: string;
  purchaseNumber: string;
  lines: EmailLine[];
  total: number;
  /** Subtotal, shipping, tax lines and total (orders/purchase-totals.ts documentTotals). */
  totals?: EmailTotals;
  url: string;
}): Promise<MailMessage> {
  const total = money.format(d.total);
  return renderEmail(
    d.to,
    `Approval needed: ${d.purchaseNumber} by ${d.buyer} (${total})`,
    {
      shopName: d.shopName,
      preview: `${d.buyer}'s purchase of ${total} is above their monthly limit.`,
      blocks: [
        hello(null),
        {
          kind: 'paragraph',
          text:
            `${d.buyer}'s purchase ${d.purchaseNumber} would take their spending this month ` +
            'above their limit, so it waits for your approval. No stock is held until it is approved.',
        },
        { kind: 'lines', lines: d.lines, total: d.total, totals: d.totals, prices: true },
        ...linkTo('button', 'Review the purchase', d.url),
      ],
    },
    { link: d.url },
  );
}

/**
 * To the buyer when their purchase went to the company for approval (issue 28): what waits,
 * that nothing is held or charged yet, and where to follow it.
 */
export function purchaseSubmittedEmail(d: {
  shopName: string;
  to: string;
  name: string | null;
  purchaseNumber: string;
  lines: EmailLine[];
  total: number;
  /** Subtotal, shipping, tax lines and total (orders/purchase-totals.ts documentTotals). */
  totals?: EmailTotals;
  url: string;
}): Promise<MailMessage> {
  return renderEmail(
    d.to,
    `Order ${d.purchaseNumber} needs approval by your company`,
    {
      shopName: d.shopName,
      preview: `Your order ${d.purchaseNumber} waits for approval by your company.`,
      blocks: [
        hello(d.name),
        {
          kind: 'paragraph',
          text:
            `Your order ${d.purchaseNumber} (${money.format(d.total)}) is above your monthly ` +
            'limit, so it went to your company for approval. No stock is held and nothing is ' +
            'charged until it is approved; we will email you when it is decided.',
        },
        { kind: 'lines', lines: d.lines, total: d.total, totals: d.totals, prices: true },
        ...linkTo('link', 'Follow the order', d.url),
      ],
    },
    { link: d.url },
  );
}

/** To the buyer when an approver rejected the purchase (kept as rejected), with the reason. */
export function purchaseRejectedEmail(d: {
  shopName: string;
  to: string;
  name: string | null;
  purchaseNumber: string;
  total: number;
  rejectedBy: string;
  reason?: string | null;
  url: string;
}): Promise<MailMessage> {
  return renderEmail(
    d.to,
    `Order ${d.purchaseNumber} was not approved`,
    {
      shopName: d.shopName,
      preview: `${d.rejectedBy} did not approve your order ${d.purchaseNumber}.`,
      blocks: [
        hello(d.name),
        {
          kind: 'paragraph',
          text:
            `${d.rejectedBy} did not approve your order ${d.purchaseNumber} ` +
            `(${money.format(d.total)}), so it will not be placed. Nothing was charged.`,
        },
        ...(d.reason ? [{ kind: 'paragraph' as const, text: `Reason: ${d.reason}` }] : []),
        ...linkTo('link', 'Go to your orders', d.url),
      ],
    },
    { link: d.url },
  );
}
