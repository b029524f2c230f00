import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { authUsers } from '../db/schema.js';
import { findShopUserByEmail, markEmailVerified } from '../modules/users/service.js';
import { tempDir } from '../test-support/build-test-app.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./make-admin.ts', import.meta.url));
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

async function makeAdmin(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    // DATABASE_URL emptied: the script must use the PGlite folder under DATA_DIR.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    cwd: apiDir,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm run make-admin', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('grants the admin right on the configured database, in force only once the address is verified', async () => {
    const data = await tempDir('shop-make-admin-');
    cleanups.push(data.remove);
    const env = { DATA_DIR: data.dir };
    const first = await makeAdmin(['Boss@Example.com'], env);
    expect(first).toMatchObject({
      code: 0,
      stdout:
        'boss@example.com will be an admin once they have signed up and verified the address.\n',
    });

    // Nobody has signed up with the address yet: whoever does is no admin until verified.
    let database = await connectDatabase({ kind: 'pglite', dataDir: `${data.dir}/db` });
    try {
      expect(await findShopUserByEmail(database.db, 'boss@example.com')).toMatchObject({
        isAdmin: false,
      });
      await database.db
        .insert(authUsers)
        .values({ id: 'boss-account', name: 'BOSS', email: 'boss@example.com' });
      await markEmailVerified(database.db, 'boss@example.com');
    } finally {
      await database.close();
    }

    const second = await makeAdmin(['boss@example.com'], env);
    expect(second).toMatchObject({ code: 0, stdout: 'boss@example.com is already an admin.\n' });
    database = await connectDatabase({ kind: 'pglite', dataDir: `${data.dir}/db` });
    try {
      expect(await findShopUserByEmail(database.db, 'boss@example.com')).toMatchObject({
        isAdmin: true,
      });
    } finally {
      await database.close();
    }
    // Two runs that each compile the script and create a PGlite database on disk: seconds on an
    // idle machine, more on a loaded one.
  }, 120_000);

  it.each([[[]], [['not-an-email']], [['a@example.com', 'b@example.com']]])(
    'prints the usage and exits with 2 for the arguments %j',
    async (args) => {
      const result = await makeAdmin(args, { DATA_DIR: '/nonexistent/never-created' });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: npm run make-admin -- <email>');
    },
  );
});
