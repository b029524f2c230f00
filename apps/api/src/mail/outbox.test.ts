import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/build-test-app.js';
import { createMailer } from './mailer.js';

/**
 * Decision 010: a reset or verification link is as good as the password it resets, and logs
 * are read by more people (and services) than the mailbox's owner. In production the outbox logs
 * that a mail went out, to whom and where, never its link; in development the link is logged so
 * a developer can follow it from the terminal.
 */
const LINK = 'http://localhost:3000/reset-password/secret-reset-token-123';

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

  const send = async (nodeEnv: 'production' | 'development') => {
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
});
