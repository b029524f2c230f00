import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { errorText, type BackupNote } from './backup.js';

/**
 * An embedded database is open in one process only: while the shop runs, `npm run backup` cannot
 * open DATA_DIR/db itself. The running shop listens on this socket in DATA_DIR instead: it dumps
 * its database where the command asks and notes the backup the command wrote, and the command
 * does the rest (pictures, the archive) in its own process, so the shop's requests do not wait
 * behind it. Only who may read DATA_DIR (and so the database itself) may use it: the socket is
 * the owner's alone.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

export interface ShopSide {
  /** Writes the database's dump into `dir`. */
  dump(dir: string): Promise<void>;
  note(entry: BackupNote): Promise<void>;
}

type Answer = { ok: true } | { ok: false; error: string };

export async function serveBackupSocket(
  socketPath: string,
  shop: ShopSide,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  // A socket file left by a shop that was killed answers no one; one that answers belongs to a
  // shop still running on this DATA_DIR, which must not be taken over.
  if ((await askSocket(socketPath, 'GET', '/', undefined)) !== null) {
    log.error({ socketPath }, 'another shop answers on this DATA_DIR: npm run backup goes to it');
    return async () => {};
  }
  await rm(socketPath, { force: true });
  // One dump at a time: a second request waits for the first.
  let running: Promise<unknown> = Promise.resolve();
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: Answer) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET') return reply(200, { ok: true });
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let work: () => Promise<void>;
      try {
        const body = JSON.parse(text) as { dir?: unknown } & BackupNote;
        if (request.url === '/dump' && typeof body.dir === 'string' && path.isAbsolute(body.dir)) {
          const dir = body.dir;
          work = () => shop.dump(dir);
        } else if (request.url === '/note' && typeof body.file === 'string') {
          work = () => shop.note(body);
        } else {
          throw new Error('POST /dump { dir } or POST /note { file, ... }');
        }
      } catch (error) {
        return reply(400, { ok: false, error: errorText(error) });
      }
      const done = running.then(work);
      running = done.catch(() => {});
      done.then(
        () => reply(200, { ok: true }),
        (error: unknown) => reply(500, { ok: false, error: errorText(error) }),
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    // The shop runs on without it (a path longer than a socket's 107 bytes, a read-only
    // DATA_DIR): only `npm run backup` cannot reach it, and says so.
    log.warn({ err: error, socketPath }, 'npm run backup cannot reach this shop');
    return async () => {};
  }
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(socketPath, { force: true });
  };
}

/**
 * The running shop's side of a backup, asked over its socket; `null` when no shop answers
 * there (none runs: the command opens the database itself).
 */
export async function runningShop(socketPath: string): Promise<ShopSide | null> {
  if ((await askSocket(socketPath, 'GET', '/', undefined)) === null) return null;
  const ask = async (what: string, body: unknown) => {
    const answer = (await askSocket(socketPath, 'POST', what, body)) as Answer | null;
    if (answer === null) throw new Error('the running shop stopped during the backup');
    if (!answer.ok) throw new Error(answer.error);
  };
  return { dump: (dir) => ask('/dump', { dir }), note: (entry) => ask('/note', entry) };
}

function askSocket(
  socketPath: string,
  method: string,
  requestPath: string,
  body: unknown,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method, path: requestPath }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new Error(`the running shop answered ${response.statusCode}: ${text}`));
        }
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
