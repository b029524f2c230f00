import type { MailMessage } from './message.js';
import {
  linkTo,
  money,
  references,
  renderEmail,
  type Block,
  type PurchaseEmailData,
} from './order-emails.js';

/** Sent when an admin issues a credit note (docs/decisions/039), with its PDF attached. */
export function creditNoteEmail(
  d: PurchaseEmailData & {
    creditNoteNumber: string;
    invoiceNumber: string;
    reason: string;
    /** Cents credited. */
    credited: number;
    /** The refund goes to the card that paid (false: nothing was paid by card). */
    byCard: boolean;
    pdf: Buffer;
  },
): Promise<MailMessage> {
  const amount = money.format(d.credited);
  const blocks: Block[] = [
    { kind: 'paragraph', text: d.customerName ? `Hello ${d.customerName},` : 'Hello,' },
    {
      kind: 'paragraph',
      text: `We have issued credit note ${d.creditNoteNumber} of ${amount} for your order ${d.purchaseNumber} (invoice ${d.invoiceNumber}).`,
    },
    references(
      d,
      ['Credit note', d.creditNoteNumber],
      ['Invoice number', d.invoiceNumber],
      ['Amount credited', amount],
      ['Reason', d.reason],
    ),
    { kind: 'lines', lines: d.lines, total: null, prices: true },
    {
      kind: 'paragraph',
      text: d.byCard
        ? `The ${amount} is refunded to the card you paid with; your bank may take a few days to show it.`
        : 'Nothing of it was paid by card, so no card refund is needed.',
    },
    {
      kind: 'paragraph',
      text: `The credit note ${d.creditNoteNumber} is attached to this email as a PDF.`,
    },
    ...linkTo('link', 'View your order', d.purchaseUrl),
  ];
  return renderEmail(
    d.to,
    `Credit note ${d.creditNoteNumber} for ${d.purchaseNumber}`,
    {
      shopName: d.shopName,
      preview: `Credit note ${d.creditNoteNumber}: ${amount} for order ${d.purchaseNumber}.`,
      blocks,
    },
    {
      link: d.purchaseUrl,
      attachments: [
        {
          filename: `${d.creditNoteNumber}.pdf`,
          content: d.pdf,
          contentType: 'application/pdf',
        },
      ],
    },
  );
}
