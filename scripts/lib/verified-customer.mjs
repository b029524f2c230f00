// A customer as the benchmarks need one: signed up, with the address confirmed through the
// verification link the shop wrote to its outbox (DATA_DIR/outbox, no SMTP configured), as a
// person would click it. An unverified account holds one unpaid purchase (DESIGN section 9).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { simpleParser } from 'mailparser';

/** The verification link in the newest outbox email to `email`, once one is there. */
async function verificationLink(dataDir, email, timeoutMs = 15_000) {
  const outbox = join(dataDir, 'outbox');
  const seen = new Set();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.eml') && !seen.has(name));
    } catch {
      // The outbox folder appears with the first email.
    }
    for (const name of files) {
      const mail = await simpleParser(readFileSync(join(outbox, name)));
      const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address));
      if (!to.includes(email)) {
        seen.add(name);
        continue;
      }
      const body = `${mail.text ?? ''} ${mail.html || ''}`;
      const link = body
        .match(/https?:\/\/[^\s"'<>]+/g)
        ?.find((url) => url.includes('verify-email'));
      if (link) return link.replaceAll('&amp;', '&');
      seen.add(name);
    }
    if (Date.now() > deadline) throw new Error(`no verification email to ${email} in ${outbox}`);
    // Polled: the email is written by the shop's mail worker, not by this process.
    await delay(50);
  }
}

/**
 * Signs `customer` up on the shop at `baseUrl` (whose DATA_DIR is `dataDir`), confirms the
 * address, and answers the shop token.
 */
export async function verifiedCustomer(shared, client, baseUrl, dataDir, customer) {
  const { token } = await shared.signUpForToken(client, shared.api, customer);
  const link = new URL(await verificationLink(dataDir, customer.email));
  // The link names the shop's PUBLIC_URL; the bench reaches the shop at baseUrl.
  const opened = await fetch(new URL(link.pathname + link.search, baseUrl), { redirect: 'manual' });
  if (opened.status !== 302) throw new Error(`verification answered ${opened.status}`);
  return token;
}
