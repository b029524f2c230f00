import { api } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { appSecrets } from '../db/schema.js';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { bearer, shopToken, signUp } from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';

describe.each(testDatabases())('auth secret on %s', (kind) => {
  const apps: TestApp[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    const open = apps.splice(0);
    // A second instance on the first one's PostgreSQL database leaves it for the first to drop.
    for (const [i, app] of [...open.entries()].reverse()) {
      const shared = open.slice(0, i).some((a) => a.postgresDatabase === app.postgresDatabase);
      await app.close({ keep: Boolean(app.postgresDatabase) && shared });
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const session = async (t: TestApp, cookie: string) =>
    (await inject(t, api.auth.session, {}, { cookie })).json<{ user: { email: string } } | null>();

  it('without AUTH_SECRET, makes one and keeps it in the database: a restart or a second instance keeps sessions and tokens', async () => {
    // PGlite: a restart on the same data directory. PostgreSQL: a second instance beside the first.
    const data = kind === 'pglite' ? await tempDir('shop-secret-') : null;
    if (data) cleanups.push(data.remove);
    const options = { env: { SEED_DEMO_DATA: 'false' }, pgliteDir: data?.dir };
    const first = await buildTestApp(kind, options);
    apps.push(first);
    const rows = await first.db.select().from(appSecrets);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toMatch(/^[0-9a-f]{64}$/);

    const { user, cookie } = await signUp(first);
    const token = await shopToken(first, user.email, cookie);
    if (data) await apps.pop()?.close();

    const second = await buildTestApp(kind, {
      ...options,
      postgresDatabase: first.postgresDatabase,
    });
    apps.push(second);
    expect(await second.db.select().from(appSecrets)).toEqual(rows);
    expect((await session(second, cookie))?.user.email).toBe(user.email);
    const admin = await inject(
      second,
      api.identity.adminStatus,
      { params: { email: user.email } },
      { headers: bearer(token) },
    );
    expect(admin.statusCode).toBe(200);
  });

  it('with AUTH_SECRET, uses it and stores nothing; another secret refuses the same token', async () => {
    const secret = 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16);
    const t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false', AUTH_SECRET: secret } });
    apps.push(t);
    expect(await t.db.select().from(appSecrets)).toEqual([]);
    const { user, cookie } = await signUp(t);
    const token = await shopToken(t, user.email, cookie);

    const other = await buildTestApp(kind, {
      env: { SEED_DEMO_DATA: 'false', AUTH_SECRET: 'd'.repeat(48) },
    });
    apps.push(other);
    const refused = await inject(
      other,
      api.identity.adminStatus,
      { params: { email: user.email } },
      { headers: bearer(token) },
    );
    expect(refused.statusCode).toBe(401);
  });
});
