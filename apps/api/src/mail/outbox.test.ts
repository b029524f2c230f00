import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/build-test-app.js';
import { startSmtpServer } from '../test-support/mail.js';
import { createMailer, type MailMessage } from './mailer.js';

/**
 * Decision 010: a reset or verification link is as good as the password it resets, and logs
 * are read by more people (and services) than the mailbox's owner. In production the outbox logs
 * that a mail went out, to whom and where, never its link; in development the link is logged so
 * a developer can follow it from the terminal.
 */
const LINK = 'http://localhost:3000/reset-password/secret-reset-token-123';

/** Binary content (every byte value) shows that nothing on the way re-encodes it as text. */
const INVOICE = {
  filename: 'INV-2026-00042.pdf',
  contentType: 'application/pdf',
  content: Buffer.concat([
    Buffer.from('%PDF-1.3\n'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  ]),
};

function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

describe('the outbox mailer', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('shop-outbox-');
  });
  afterAll(async () => {
    await data?.remove();
  });

  const send = async (nodeEnv: 'production' | 'development', extra: Partial<MailMessage> = {}) => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(
      { dataDir: data.dir, nodeEnv, mail: { from: 'Shop <shop@example.com>' } },
      log,
    );
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'pat@example.com',
      subject: 'Reset your password',
      text: `Reset it here: ${LINK}`,
      html: `<a href="${LINK}">Reset</a>`,
      link: LINK,
      ...extra,
    });
    await mailer.close();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = entries.find((e) => String(e.msg).includes('outbox'));
    if (!entry) throw new Error(`no outbox log line in ${lines.join('')}`);
    return { entry, logged: lines.join('') };
  };

  it('in production logs who, what and which file, never the link', async () => {
    const { entry, logged } = await send('production');
    expect(entry).toMatchObject({ to: 'pat@example.com', subject: 'Reset your password' });
    expect(logged).not.toContain('secret-reset-token-123');
    expect(entry).not.toHaveProperty('link');
    // The mail itself still carries the link, for the person it is for.
    expect(await readFile(String(entry.file), 'utf8')).toContain('secret-reset-token-123');
  });

  it('in development logs the link too, for the developer to follow', async () => {
    const { entry } = await send('development');
    expect(entry).toMatchObject({ to: 'pat@example.com', link: LINK });
  });

  it('writes attachments into the message, byte for byte', async () => {
    const { entry } = await send('production', { attachments: [INVOICE] });
    const mail = await simpleParser(await readFile(String(entry.file)));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: INVOICE.filename,
      contentType: INVOICE.contentType,
    });
    expect(mail.attachments[0]?.content.equals(INVOICE.content)).toBe(true);
  });
});

describe('the SMTP mailer', () => {
  it('hands attachments over with the message', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(
        {
          dataDir: '/nonexistent',
          nodeEnv: 'production',
          mail: { from: 'Shop <shop@example.com>', smtpUrl: smtp.url },
        },
        pino({ level: 'silent' }),
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'pat@example.com',
        subject: 'Payment received',
        text: 'Your invoice is attached.',
        html: '<p>Your invoice is attached.</p>',
        attachments: [INVOICE],
      });
      await mailer.close();
      const mail = await smtp.nextMessage();
      expect(
        mail.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
      ).toEqual([{ filename: INVOICE.filename, contentType: INVOICE.contentType }]);
      expect(mail.attachments[0]?.content.equals(INVOICE.content)).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
