import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from './message.js';

export interface OutboxOptions {
  /**
   * Log the message's link, so a developer follows a reset or verification link from the
   * terminal. Never in production: a reset link is a password, and logs are read by more
   * people (and services) than the mailbox's owner (docs/decisions/010).
   */
  logLinks: boolean;
}

/**
 * Without SMTP, email goes to DATA_DIR/outbox as .eml files (any mail program opens them), so
 * password reset works offline and in development; the log says which file it went to.
 */
export function createOutboxMailer(
  dataDir: string,
  from: string,
  log: FastifyBaseLogger,
  { logLinks }: OutboxOptions,
): Mailer {
  const outboxDir = path.join(dataDir, 'outbox');
  // Builds the RFC 5322 message without sending it anywhere.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // nodemailer takes { filename, content, contentType } as it is.
        attachments: message.attachments,
      });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        {
          to: message.to,
          subject: message.subject,
          file,
          ...(logLinks && message.link ? { link: message.link } : {}),
        },
        'email written to the outbox (SMTP_URL is not set)',
      );
    },
    async close() {},
  };
}
