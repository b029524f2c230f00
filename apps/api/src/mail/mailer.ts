import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { createOutboxMailer } from './outbox.js';
import type { Mailer } from './message.js';
import { createSmtpMailer } from './smtp.js';

export type { MailMessage, Mailer } from './message.js';

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
