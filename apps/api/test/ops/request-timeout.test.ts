import { connect } from 'node:net';
import { api, apiPath, createApiClient } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../src/test-support/build-test-app.js';
import {
  buildShared,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../../src/test-support/server-process.js';

/**
 * Decision 010: a client that sends its request a byte at a time (slowloris) must not hold a
 * connection open for ever. The real server, as `npm start` runs it, with a 1 s limit so the
 * test is quick; the client sends a byte every 100 ms, so it is never idle and only the request
 * timeout can end it.
 */
const TIMEOUT_SECONDS = 1;
const DRIBBLE_MS = 100;

interface Ending {
  /** What the server wrote before the connection closed. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  elapsed: number;
  /** Bytes the client had sent by then. */
  sent: number;
}

/** Opens a connection, sends `head` then `rest` one byte per DRIBBLE_MS; resolves on close. */
function dribble(port: number, head: string, rest: string): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    // The server may reset the connection after its answer; the close that follows is what counts.
    socket.on('error', () => {});
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ answer, elapsed: Date.now() - started, sent });
    });
    socket.once('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= rest.length) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error('the whole request went through without a timeout'));
          return;
        }
        if (!socket.destroyed) socket.write(rest[sent] ?? '');
        sent += 1;
      }, DRIBBLE_MS);
    });
  });
}

beforeAll(async () => {
  await buildShared();
}, 120_000);

describe('a request that arrives too slowly', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    data = await tempDir('shop-request-timeout-');
    port = await freePort();
    server = await startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: data.dir,
      SEED_DEMO_DATA: 'false',
      AUTH_SECRET: 'request-timeout-secret-that-is-long-enough-01',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    });
  }, 90_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await data?.remove();
  });

  // A body that would take 60 s at this pace.
  const body = JSON.stringify({ email: `${'slow'.repeat(140)}@example.com` });
  // The request line and Host of a subscription, written on the socket by hand to send it slowly.
  const { subscribe } = api.newsletter;
  const firstLines = `${subscribe.method} ${apiPath(subscribe)} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;

  it('is answered 408 and closed when its body comes a byte at a time', async () => {
    const head =
      firstLines + `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const ending = await dribble(port, head, body);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending.sent).toBeLessThan(body.length);
    expect(ending.elapsed).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    // The limit, plus Node's check interval (a quarter of it) and room for a loaded machine.
    expect(ending.elapsed).toBeLessThan(TIMEOUT_SECONDS * 1000 + 4000);
  });

  it('is answered 408 and closed when its headers come a byte at a time', async () => {
    const headers = `${firstLines}X-Slow: ${'z'.repeat(600)}\r\n`;
    const ending = await dribble(port, '', headers);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending.elapsed).toBeLessThan(TIMEOUT_SECONDS * 1000 + 4000);
  });

  it('still serves a request that arrives at once', async () => {
    const response = await createApiClient({ baseUrl: server.url }).call(api.settings.health);
    expect(response.status).toBe(200);
  });
});
