import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { mailDir } from './env';

/** Waits for the newest email to `address` that the local SMTP server received, and parses it. */
export async function latestEmailTo(address: string) {
  let file: string | undefined;
  await expect
    .poll(
      () => {
        file = readdirSync(mailDir)
          .filter((name) => name.endsWith(`-${address}.eml`))
          .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
          .at(-1);
        return file;
      },
      { message: `an email to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return simpleParser(readFileSync(join(mailDir, file!)));
}

/** The first link in an email's text or HTML that contains `fragment`. */
export function linkIn(mail: { text?: string; html?: string | false }, fragment: string): string {
  const body = `${mail.text ?? ''} ${mail.html || ''}`;
  const link = body.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in the email`);
  return link.replaceAll('&amp;', '&');
}
