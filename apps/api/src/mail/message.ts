/** What the shop mails, and what sends it: the one module every mailer and template imports. */

/** A file sent with a message, such as the invoice PDF with a payment receipt. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; outside production the outbox logs it for developers. */
  link?: string;
  attachments?: MailAttachment[];
}

/** Sends email. `send` rejects when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
