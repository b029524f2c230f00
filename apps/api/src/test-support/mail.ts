import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  /** Messages received so far, parsed. */
  messages: ParsedMail[];
  /** The next message to arrive (or one already waiting that was not taken yet). */
  nextMessage(timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests that follow
 * an email as a person would. No TLS and no login, like a local relay.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async nextMessage(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length <= taken) {
        if (Date.now() > deadline) throw new Error('No email arrived in time.');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[taken++] as ParsedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The next email whose subject holds `text`; others (sign-up's verification emails) are skipped. */
export async function nextEmailAbout(smtp: TestSmtpServer, text: string): Promise<ParsedMail> {
  for (;;) {
    const message = await smtp.nextMessage();
    if (message.subject?.includes(text)) return message;
  }
}

/** The first http(s) link in an email's text, which the shop's emails put on a line of its own. */
export function firstLinkIn(text: string | undefined): URL {
  const link = /https?:\/\/\S+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`No link in: ${text}`);
  return new URL(link);
}
