import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; outside production the outbox logs it for developers. */
  link?: string;
}

/** Sends email. `send` rejects when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer over SMTP when SMTP_URL is set; otherwise the outbox under DATA_DIR/outbox. */
export function createMailer(
  config: Pick<AppConfig, 'mail' | 'dataDir' | 'nodeEnv'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer(config.mail.smtpUrl, config.mail.from);
  return createOutboxMailer(config.dataDir, config.mail.from, log, {
    logLinks: config.nodeEnv !== 'production',
  });
}
