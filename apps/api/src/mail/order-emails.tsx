// Each component from its own package: @react-email/components also brings the code block's
// Prism grammars, which took 200 ms to load at the first email a server sent (docs/performance.md).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { formatCents } from '@shop/shared';
import type { CSSProperties } from 'react';
import type { MailAttachment, MailMessage } from './message.js';

/** Amounts are integer cents of US dollars, as the database keeps them (docs/decisions/027). */
export interface EmailLine {
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/**
 * What a purchase costs in all (integer cents): the goods, the shipping by its method, each tax
 * line and the total (`subtotal + shipping + tax`), and the words its tax treatment requires.
 */
export interface EmailTotals {
  subtotal: number;
  shipping: number;
  shippingMethod: string | null;
  taxLines: { name: string; amount: number }[];
  total: number;
  /** ISO 4217 code. */
  currency: string;
  /** The reverse-charge wording, or null. */
  taxNote: string | null;
}

export interface PurchaseEmailData {
  shopName: string;
  to: string;
  customerName: string;
  purchaseNumber: string;
  poNumber: string | null;
  company: string | null;
  lines: EmailLine[];
  /** What it costs in all: `totals.total`. */
  total: number;
  totals: EmailTotals;
  /** The purchase page, an absolute URL; where a placed order is paid. */
  purchaseUrl: string;
}

/** Cents as the shop shows money: "$1,180", "$89.50" (shared money.ts). */
export const money = { format: formatCents };
const count = new Intl.NumberFormat('en-US');
const pieces = (quantity: number) =>
  `${count.format(quantity)} ${quantity === 1 ? 'piece' : 'pieces'}`;
// The shop has no time zone setting, so times say which zone they are in.
const moment = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const at = (date: Date) => `${moment.format(date)} UTC`;

/**
 * What an email says, as blocks: the HTML and the plain text part are both drawn from them, so
 * the two parts cannot say different things.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [label: string, value: string][] }
  | {
      kind: 'lines';
      lines: EmailLine[];
      /** One "Total" row, when there are no `totals`; null for none. */
      total: number | null;
      /** Subtotal, shipping, each tax line and the total, in place of `total`. */
      totals?: EmailTotals;
      prices: boolean;
    }
  | { kind: 'button' | 'link'; label: string; url: string };

export interface EmailContent {
  shopName: string;
  /** The line mail programs show after the subject. */
  preview: string;
  blocks: Block[];
}

/** The URL when it is a web page's: a `javascript:` or `data:` URL never becomes a link. */
function webUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function linkTo(kind: 'button' | 'link', label: string, url: string | null): Block[] {
  const safe = webUrl(url);
  return safe ? [{ kind, label, url: safe }] : [];
}

/** Purchase number, then PO number and company when there are any. */
export function references(d: PurchaseEmailData, ...more: [string, string][]): Block {
  const rows: [string, string][] = [['Purchase number', d.purchaseNumber]];
  if (d.poNumber) rows.push(['PO number', d.poNumber]);
  if (d.company) rows.push(['Company', d.company]);
  return { kind: 'facts', rows: [...rows, ...more] };
}

/** The rows under the lines: subtotal, shipping, each tax line, then the total in bold. */
export function totalsRows(totals: EmailTotals): [label: string, cents: number][] {
  return [
    ['Subtotal', totals.subtotal],
    [totals.shippingMethod ? `Shipping (${totals.shippingMethod})` : 'Shipping', totals.shipping],
    ...totals.taxLines.map((line): [string, number] => [line.name, line.amount]),
  ];
}

/**
 * Lines an email lists: a 2,000-line purchase would make a message of a megabyte that mail
 * programs cut off (Gmail past 102 KB) and take the server 100 ms to draw; the totals stay
 * whole, and the purchase page, which every such email links to, lists every line.
 */
export const EMAIL_LINES_SHOWN = 50;

/** The lines an email shows, and the words for those it leaves to the purchase page. */
function shownLines(lines: EmailLine[]): { shown: EmailLine[]; rest: string | null } {
  if (lines.length <= EMAIL_LINES_SHOWN) return { shown: lines, rest: null };
  const more = lines.length - EMAIL_LINES_SHOWN;
  return {
    shown: lines.slice(0, EMAIL_LINES_SHOWN),
    rest: `and ${count.format(more)} more ${more === 1 ? 'line' : 'lines'}, listed on the purchase page`,
  };
}

const totalText = (totals: EmailTotals) => `${money.format(totals.total)} (${totals.currency})`;

const lineText = (line: EmailLine, prices: boolean) =>
  prices
    ? `- ${line.productName}: ${pieces(line.quantity)} at ${money.format(line.unitPrice)} each, ${money.format(line.total)}`
    : `- ${line.productName}: ${pieces(line.quantity)}`;

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'lines': {
      const { shown, rest } = shownLines(block.lines);
      const rows = shown.map((line) => lineText(line, block.prices));
      if (rest) rows.push(`- ${rest}`);
      if (block.totals) {
        rows.push('');
        for (const [label, cents] of totalsRows(block.totals)) {
          rows.push(`${label}: ${money.format(cents)}`);
        }
        rows.push(`Total: ${totalText(block.totals)}`);
        if (block.totals.taxNote) rows.push('', block.totals.taxNote);
      } else if (block.total !== null) rows.push('', `Total: ${money.format(block.total)}`);
      return rows.join('\n');
    }
    case 'button':
    case 'link':
      // On a line of its own, so mail programs make the whole address clickable.
      return `${block.label}:\n${block.url}`;
  }
}

const plainText = ({ shopName, blocks }: EmailContent) =>
  [...blocks.map(blockText), `-- \n${shopName}`].join('\n\n') + '\n';

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 },
  container: { backgroundColor: '#ffffff', margin: '24px auto', maxWidth: 600, padding: 24 },
  heading: { fontSize: 20, margin: '0 0 16px' },
  text: { fontSize: 14, lineHeight: '22px', margin: '0 0 16px' },
  table: { borderCollapse: 'collapse', fontSize: 14, margin: '0 0 16px', width: '100%' },
  cell: { borderBottom: '1px solid #e4e4e7', padding: '6px 4px', verticalAlign: 'top' },
  label: { color: '#52525b', padding: '2px 12px 2px 0', verticalAlign: 'top' },
  button: {
    backgroundColor: '#1d4ed8',
    borderRadius: 4,
    color: '#ffffff',
    fontSize: 14,
    fontWeight: 'bold',
    padding: '12px 20px',
  },
  footer: { color: '#71717a', fontSize: 12 },
} satisfies Record<string, CSSProperties>;

const right = { textAlign: 'right' } as const;

function LinesTable({ lines, total, totals, prices }: Extract<Block, { kind: 'lines' }>) {
  const cell = styles.cell;
  const span = prices ? 3 : 1;
  const { shown, rest } = shownLines(lines);
  return (
    <table style={styles.table} role="presentation">
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'left' }}>Product</th>
          <th style={{ ...cell, ...right }}>Quantity</th>
          {prices && <th style={{ ...cell, ...right }}>Unit price</th>}
          {prices && <th style={{ ...cell, ...right }}>Amount</th>}
        </tr>
      </thead>
      <tbody>
        {shown.map((line, index) => (
          <tr key={index}>
            <td style={cell}>{line.productName}</td>
            <td style={{ ...cell, ...right }}>{pieces(line.quantity)}</td>
            {prices && <td style={{ ...cell, ...right }}>{money.format(line.unitPrice)}</td>}
            {prices && <td style={{ ...cell, ...right }}>{money.format(line.total)}</td>}
          </tr>
        ))}
        {rest && (
          <tr>
            <td colSpan={span + 1} style={cell}>
              {rest}
            </td>
          </tr>
        )}
        {totals &&
          totalsRows(totals).map(([label, cents]) => (
            <tr key={label}>
              <td colSpan={span} style={{ ...cell, ...right }}>
                {label}
              </td>
              <td style={{ ...cell, ...right }}>{money.format(cents)}</td>
            </tr>
          ))}
        {totals && (
          <tr>
            <th colSpan={span} style={{ ...cell, ...right }}>
              Total
            </th>
            <th style={{ ...cell, ...right }}>{totalText(totals)}</th>
          </tr>
        )}
        {!totals && total !== null && (
          <tr>
            <th colSpan={span} style={{ ...cell, ...right }}>
              Total
            </th>
            <th style={{ ...cell, ...right }}>{money.format(total)}</th>
          </tr>
        )}
        {totals?.taxNote && (
          <tr>
            <td colSpan={span + 1} style={{ ...cell, ...right }}>
              {totals.taxNote}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function BlockHtml({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={styles.text}>{block.text}</Text>;
    case 'facts':
      return (
        <table style={styles.table} role="presentation">
          <tbody>
            {block.rows.map(([label, value]) => (
              <tr key={label}>
                <td style={styles.label}>{label}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'lines':
      return <LinesTable {...block} />;
    case 'button':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Button href={block.url} style={styles.button}>
            {block.label}
          </Button>
        </Section>
      );
    case 'link':
      return (
        <Text style={styles.text}>
          <Link href={block.url}>{block.label}</Link>
        </Text>
      );
  }
}

function Email({ shopName, preview, blocks }: EmailContent) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading style={styles.heading}>{shopName}</Heading>
          {blocks.map((block, index) => (
            <BlockHtml key={index} block={block} />
          ))}
          <Hr />
          <Text style={styles.footer}>{shopName}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** An email to `to` from its blocks: the HTML and the text part drawn from the same content. */
export async function renderEmail(
  to: string,
  subject: string,
  content: EmailContent,
  extra: { link: string; attachments?: MailAttachment[] },
): Promise<MailMessage> {
  return {
    to,
    subject,
    text: plainText(content),
    html: await render(<Email {...content} />),
    ...extra,
  };
}

async function message(
  d: PurchaseEmailData,
  subject: string,
  content: EmailContent,
  extra: { link: string; attachments?: MailAttachment[] },
): Promise<MailMessage> {
  return {
    to: d.to,
    subject,
    text: plainText(content),
    html: await render(<Email {...content} />),
    ...extra,
  };
}

const greeting = (d: PurchaseEmailData): Block => ({
  kind: 'paragraph',
  text: d.customerName ? `Hello ${d.customerName},` : 'Hello,',
});

/**
 * Sent when an order is placed, or when a company's approver approved it (`approvedBy`): what
 * was ordered, the Pay link and how long the stock is held.
 */
export function orderPlacedEmail(
  d: PurchaseEmailData & { holdExpiresAt: Date | null; approvedBy?: string },
): Promise<MailMessage> {
  const blocks: Block[] = [
    greeting(d),
    {
      kind: 'paragraph',
      text: d.approvedBy
        ? `${d.approvedBy} approved your order ${d.purchaseNumber} for your company: it can be paid now.`
        : `Thank you for your order with ${d.shopName}. We have received it.`,
    },
    references(d),
    { kind: 'lines', lines: d.lines, total: d.total, totals: d.totals, prices: true },
    { kind: 'paragraph', text: 'We ship the order once it is paid.' },
    ...linkTo('button', 'Pay now', d.purchaseUrl),
  ];
  if (d.holdExpiresAt) {
    blocks.push({
      kind: 'paragraph',
      text:
        `We hold the pieces for you until ${at(d.holdExpiresAt)}. Lines still unpaid then are ` +
        'released and their pieces go back on sale.',
    });
  }
  return message(
    d,
    d.approvedBy ? `Order ${d.purchaseNumber} approved` : `Order ${d.purchaseNumber} received`,
    {
      shopName: d.shopName,
      preview: `Order ${d.purchaseNumber}: ${money.format(d.total)}. Pay now to have it shipped.`,
      blocks,
    },
    { link: d.purchaseUrl },
  );
}

/** Sent when an order is paid: the receipt, with the invoice PDF attached. */
export function paymentReceiptEmail(
  d: PurchaseEmailData & { invoiceNumber: string; paidAt: Date; invoicePdf: Buffer },
): Promise<MailMessage> {
  const paid = money.format(d.total);
  return message(
    d,
    `Payment received for ${d.purchaseNumber} (invoice ${d.invoiceNumber})`,
    {
      shopName: d.shopName,
      preview: `We received your payment of ${paid}. Your invoice ${d.invoiceNumber} is attached.`,
      blocks: [
        greeting(d),
        {
          kind: 'paragraph',
          text: `We received your payment of ${paid} for order ${d.purchaseNumber}. Thank you.`,
        },
        references(d, ['Invoice number', d.invoiceNumber], ['Paid on', day.format(d.paidAt)]),
        { kind: 'lines', lines: d.lines, total: d.total, totals: d.totals, prices: true },
        {
          kind: 'paragraph',
          text: `Your invoice ${d.invoiceNumber} is attached to this email as a PDF.`,
        },
        ...linkTo('link', 'View your order', d.purchaseUrl),
      ],
    },
    {
      link: d.purchaseUrl,
      attachments: [
        {
          filename: `${d.invoiceNumber}.pdf`,
          content: d.invoicePdf,
          contentType: 'application/pdf',
        },
      ],
    },
  );
}

/**
 * Sent when a purchase is confirmed on the company's account (issue 30): the invoice, due by the
 * company's terms, with its PDF attached; it ships without waiting for payment.
 */
export function accountInvoiceEmail(
  d: PurchaseEmailData & {
    invoiceNumber: string;
    /** "Net 30". */
    terms: string;
    dueDate: Date;
    invoicePdf: Buffer;
  },
): Promise<MailMessage> {
  const due = money.format(d.total);
  const dueOn = day.format(d.dueDate);
  return message(
    d,
    `Invoice ${d.invoiceNumber} for ${d.purchaseNumber}: ${due} due ${dueOn}`,
    {
      shopName: d.shopName,
      preview: `Order ${d.purchaseNumber} is confirmed on your account. ${due} is due by ${dueOn}.`,
      blocks: [
        greeting(d),
        {
          kind: 'paragraph',
          text:
            `Your order ${d.purchaseNumber} is confirmed on your company's account, and we ship it ` +
            `without waiting for payment. Invoice ${d.invoiceNumber} of ${due} is due by ${dueOn} ` +
            `(${d.terms}).`,
        },
        references(d, ['Invoice number', d.invoiceNumber], ['Terms', d.terms], ['Due date', dueOn]),
        { kind: 'lines', lines: d.lines, total: d.total, totals: d.totals, prices: true },
        {
          kind: 'paragraph',
          text:
            `Please pay by bank transfer quoting ${d.invoiceNumber}, or by card from your ` +
            `company's account page. The invoice is attached to this email as a PDF.`,
        },
        ...linkTo('link', 'View your order', d.purchaseUrl),
      ],
    },
    {
      link: d.purchaseUrl,
      attachments: [
        {
          filename: `${d.invoiceNumber}.pdf`,
          content: d.invoicePdf,
          contentType: 'application/pdf',
        },
      ],
    },
  );
}

/**
 * A reminder of an invoice on account (decision 050): a week before its due date, on it, and
 * each week it is overdue; what is still due, and how to pay it.
 */
export function invoiceReminderEmail(
  d: PurchaseEmailData & {
    invoiceNumber: string;
    terms: string;
    dueDate: Date;
    /** Cents still due. */
    amountDue: number;
    reminder: 'before' | 'due' | 'overdue';
    daysOverdue: number;
    /** My Company, where the invoices are paid by card. */
    accountUrl: string;
  },
): Promise<MailMessage> {
  const due = money.format(d.amountDue);
  const dueOn = day.format(d.dueDate);
  const late = `${d.daysOverdue} ${d.daysOverdue === 1 ? 'day' : 'days'}`;
  // The due-date reminder goes out on the day, or in the days after if the shop was not sweeping
  // then: it says which.
  const today = d.reminder === 'due' && d.daysOverdue === 0;
  const subject = {
    before: `Reminder: invoice ${d.invoiceNumber}, ${due} due ${dueOn}`,
    due: today
      ? `Invoice ${d.invoiceNumber}, ${due}, is due today`
      : `Invoice ${d.invoiceNumber}, ${due}, was due ${dueOn}`,
    overdue: `Overdue: invoice ${d.invoiceNumber}, ${due}, was due ${dueOn}`,
  }[d.reminder];
  const said = {
    before: `Invoice ${d.invoiceNumber} for your order ${d.purchaseNumber} is due on ${dueOn}: ${due} is still to pay.`,
    due: today
      ? `Invoice ${d.invoiceNumber} for your order ${d.purchaseNumber} is due today: ${due} is still to pay.`
      : `Invoice ${d.invoiceNumber} for your order ${d.purchaseNumber} was due on ${dueOn}, ${late} ago: ${due} is still to pay.`,
    overdue: `Invoice ${d.invoiceNumber} for your order ${d.purchaseNumber} was due on ${dueOn}, ${late} ago: ${due} is still to pay. Please pay it now; an account with an invoice long overdue buys by card only until it is paid.`,
  }[d.reminder];
  return message(
    d,
    subject,
    {
      shopName: d.shopName,
      preview: said,
      blocks: [
        greeting(d),
        { kind: 'paragraph', text: said },
        references(
          d,
          ['Invoice number', d.invoiceNumber],
          ['Terms', d.terms],
          ['Due date', dueOn],
          ['Amount due', due],
        ),
        {
          kind: 'paragraph',
          text:
            `Please pay by bank transfer quoting ${d.invoiceNumber}, or by card from your ` +
            `company's account page. If you have paid it already, thank you: please ignore this email.`,
        },
        ...linkTo('link', 'Pay from your company account', d.accountUrl),
      ],
    },
    { link: d.accountUrl },
  );
}

/** Sent when (part of) an order ships: what is in the parcel and where to follow it. */
export function shippedEmail(
  d: PurchaseEmailData & {
    shippedLines: EmailLine[];
    /** Some pieces of the purchase are still to ship: they follow in another parcel. */
    more?: boolean;
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  },
): Promise<MailMessage> {
  const shipping: [string, string][] = [];
  if (d.carrier) shipping.push(['Carrier', d.carrier]);
  if (d.trackingNumber) shipping.push(['Tracking number', d.trackingNumber]);
  const tracking = webUrl(d.trackingUrl);
  return message(
    d,
    `${d.purchaseNumber} has shipped`,
    {
      shopName: d.shopName,
      preview: `Your order ${d.purchaseNumber} is on its way.`,
      blocks: [
        greeting(d),
        {
          kind: 'paragraph',
          text: `Your order ${d.purchaseNumber} has shipped. This parcel holds:`,
        },
        { kind: 'lines', lines: d.shippedLines, total: null, prices: false },
        ...(d.more
          ? [
              {
                kind: 'paragraph' as const,
                text: 'The rest of your order follows in another parcel.',
              },
            ]
          : []),
        references(d, ...shipping),
        ...linkTo('button', 'Track your shipment', tracking),
        ...linkTo('link', 'View your order', d.purchaseUrl),
      ],
    },
    // The tracking page is what this email is about, when there is one.
    { link: tracking ?? d.purchaseUrl },
  );
}
