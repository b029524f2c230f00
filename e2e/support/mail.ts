import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { mailDir } from './env';

/**
 * Waits for the newest email to `address` that the local SMTP server received (whose subject
 * matches `subject`, when given: a sign-up also brings a verification email), and parses it.
 */
export async function latestEmailTo(address: string, subject?: RegExp) {
  let mail: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const files = readdirSync(mailDir)
          .filter((name) => name.endsWith(`-${address}.eml`))
          .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
          .reverse();
        for (const file of files) {
          const parsed = await simpleParser(readFileSync(join(mailDir, file)));
          if (!subject || subject.test(parsed.subject ?? '')) {
            mail = parsed;
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${address}${subject ? ` about ${subject}` : ''}`, timeout: 15_000 },
    )
    .toBe(true);
  return mail!;
}

/** The first link in an email's text or HTML that contains `fragment`. */
export function linkIn(mail: { text?: string; html?: string | false }, fragment: string): string {
  const body = `${mail.text ?? ''} ${mail.html || ''}`;
  const link = body.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in the email`);
  return link.replaceAll('&amp;', '&');
}

/**
 * Opens the link of the newest verification email to `address`, as its owner would: the address
 * is verified from then on (an admin right needs it).
 */
export async function verifyAddress(request: APIRequestContext, address: string) {
  const mail = await latestEmailTo(address, /Confirm your .* email address/);
  const opened = await request.get(linkIn(mail, 'verify-email'), { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toMatch(/\/email-verified$/);
}
