import type { MailMessage } from './message.js';
import { linkTo, money, renderEmail, type Block, type EmailLine } from './order-emails.js';

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
  spendingLimit: number | null;
  /** Sign-up page (a new address) or the company page (an account that joined at once). */
  url: string;
  joined: boolean;
}): Promise<MailMessage> {
  const blocks: Block[] = [
    hello(null),
    {
      kind: 'paragraph',
      text: `${d.invitedBy} added you to ${d.companyName} on ${d.shopName} as ${ROLE_WORDS[d.role]}.`,
    },
  ];
  if (d.spendingLimit !== null) {
    blocks.push({
      kind: 'paragraph',
      text:
        `Your purchases may add up to ${money.format(d.spendingLimit)} a calendar month; ` +
        'above that, a purchase waits for an approver of your company.',
    });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: d.joined
        ? 'You are a member now: your company page shows your colleagues and its purchases.'
        : `Sign up with this address (${d.to}) and confirm it to join. You then buy at your company's prices.`,
    },
    ...linkTo('button', d.joined ? 'Open my company' : 'Sign up', d.url),
  );
  return renderEmail(
    d.to,
    `You were added to ${d.companyName} on ${d.shopName}`,
    { shopName: d.shopName, preview: `${d.invitedBy} added you to ${d.companyName}.`, blocks },
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
        { kind: 'lines', lines: d.lines, total: d.total, prices: true },
        ...linkTo('button', 'Review the purchase', d.url),
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
