import nodemailer from 'nodemailer';
import type { Mailer } from './message.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * nodemailer over SMTP. A plain smtp:// URL to this machine (a local relay or a test server)
 * skips STARTTLS: such servers often offer it with a self-signed certificate, which would fail
 * the handshake. Anywhere else nodemailer upgrades whenever the server offers TLS.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const local = url.protocol === 'smtp:' && LOOPBACK_HOSTS.has(url.hostname);
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      ...(local ? { ignoreTLS: true } : {}),
      // A reset request waits for the hand-over; a dead server must not hold it for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // nodemailer takes { filename, content, contentType } as it is.
        attachments: message.attachments,
      });
    },
    async close() {
      transport.close();
    },
  };
}
