import { api, userPromotedSchema, userSummarySchema, type ApiErrorBody } from '@shop/shared';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import {
  auditLog,
  authSessions,
  authUsers,
  orders,
  reviews,
  userInfo,
  users,
} from '../../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { bearer, newUser, shopToken, signIn, signUp } from '../../test-support/identity.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { purchaseRow } from '../../test-support/orders.js';
import { demoteUser, removeUser, userAdminMessages } from './admin-service.js';
import { findShopUserByEmail, markEmailVerified } from './service.js';

describe.each(testDatabases())('users admin on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false', ...MANY_SIGN_UPS } });
    admin = await signedIn(t, { admin: true, name: 'Ada Boss' });
    customer = await signedIn(t, { name: 'Cal Customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const listUsers = (headers: Record<string, string> = admin.headers) =>
    inject(t, api.users.list, {}, { headers });
  // Any body or none: some tests send what the contract refuses.
  const promote = (
    email: string,
    headers: Record<string, string> = admin.headers,
    body?: unknown,
  ) => injectUnchecked(t, api.users.promote, { params: { email }, body }, { headers });
  const remove = (email: string, headers: Record<string, string> = admin.headers) =>
    inject(t, api.users.remove, { params: { email } }, { headers });
  /** Runs `body` with exactly these users as admins, then gives the role back to the others. */
  const withOnlyAdmins = async (emails: string[], body: () => Promise<void>) => {
    const before = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, true));
    await t.db.update(users).set({ role: false }).where(notInArray(users.email, emails));
    await t.db.update(users).set({ role: true }).where(inArray(users.email, emails));
    try {
      await body();
    } finally {
      const restore = before.map((row) => row.email);
      if (restore.length > 0) {
        await t.db.update(users).set({ role: true }).where(inArray(users.email, restore));
      }
    }
  };
  const askAdmin = (email: string, token: string) =>
    inject(t, api.identity.adminStatus, { params: { email } }, { headers: bearer(token) });

  describe('refuses anyone but an admin', () => {
    it.each([
      ['anonymous', 401, () => ({}), guardMessages.missing],
      ['a customer', 403, () => customer.headers, guardMessages.notAdmin],
    ] as const)(
      '%s: GET /users, PUT /user/admin, DELETE /user answer %i',
      async (_l, status, headers, message) => {
        const victim = await signedIn(t);
        for (const response of [
          await listUsers(headers()),
          await promote(customer.user.email, headers(), { email: customer.user.email }),
          await remove(victim.user.email, headers()),
        ]) {
          expect(response.statusCode, response.body).toBe(status);
          expect(response.json()).toMatchObject({ statusCode: status, message });
        }
        expect(await findShopUserByEmail(t.db, customer.user.email)).toMatchObject({
          isAdmin: false,
        });
        expect(await findShopUserByEmail(t.db, victim.user.email)).not.toBeNull();
      },
    );
  });

  describe('GET /api/users', () => {
    it('lists every shop user oldest first, with the account name, role and since when', async () => {
      const response = await listUsers();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const rows = response.json();
      for (const row of rows) expect(userSummarySchema.strict().safeParse(row).success).toBe(true);
      expect(rows.slice(0, 2)).toEqual([
        expect.objectContaining({ email: admin.user.email, name: 'ADA BOSS', role: true }),
        expect.objectContaining({ email: customer.user.email, name: 'CAL CUSTOMER', role: false }),
      ]);
      const times = rows.map((r) => Date.parse(r.createdAt));
      expect(times.every((time) => !Number.isNaN(time))).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('lists an account from the moment it signs up, before it has taken a shop token', async () => {
      const { user } = await signUp(t, newUser({ name: 'Fresh Signup' }));
      const rows = (await listUsers()).json();
      expect(rows).toContainEqual(
        expect.objectContaining({ email: user.email, name: 'FRESH SIGNUP', role: false }),
      );
    });

    it('shows null as the name of a shop user without an account (made by make-admin)', async () => {
      await t.db.insert(users).values({ email: 'scripted@example.com' });
      const rows = (await listUsers()).json();
      expect(rows.at(-1)).toMatchObject({ email: 'scripted@example.com', name: null });
    });
  });

  describe('PUT /api/user/admin/{email}', () => {
    it('promotes; the promoted user\u2019s existing token is an admin\u2019s at once; again is harmless', async () => {
      const someone = await signedIn(t, { name: 'Pro Moted' });
      await markEmailVerified(t.db, someone.user.email);
      expect((await askAdmin(someone.user.email, someone.token)).json()).toEqual({ admin: false });

      // SPEC's client sends the acting admin's email; it changes nothing.
      const response = await promote(someone.user.email, admin.headers, {
        email: admin.user.email,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = userPromotedSchema.strict().parse(response.json());
      expect(body.user).toMatchObject({ email: someone.user.email, name: 'PRO MOTED', role: true });

      expect((await askAdmin(someone.user.email, someone.token)).json()).toEqual({ admin: true });
      const list = await listUsers(someone.headers);
      expect(list.statusCode).toBe(200);

      const again = await promote(someone.user.email.toUpperCase());
      expect(again.statusCode).toBe(200);
      expect(again.json().user).toEqual(body.user);
    });

    it('refuses an unverified address with 409 and its message, granting nothing', async () => {
      const someone = await signedIn(t, { name: 'Not Verified', verified: false });
      const response = await promote(someone.user.email);
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiErrorBody>().message).toBe(userAdminMessages.unverified);
      const [row] = await t.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, someone.user.email));
      expect(row?.role).toBe(false);
    });

    it('does not touch the shop-token route PUT /api/user/{email}', async () => {
      const fresh = await signUp(t);
      expect(await shopToken(t, fresh.user.email, fresh.cookie)).toBeTruthy();
      expect((await promote(fresh.user.email, customer.headers)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown email and 400 for one that is not an email', async () => {
      const unknown = await promote('nobody@example.com');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: userAdminMessages.unknownUser,
      });
      expect(await findShopUserByEmail(t.db, 'nobody@example.com')).toBeNull();
      const invalid = await promote('not-an-email');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<ApiErrorBody>().message).toMatch(/^email: /);
    });
  });

  describe('DELETE /api/user/admin/{email} (demote, issue 28)', () => {
    const demote = (email: string, headers: Record<string, string> = admin.headers) =>
      injectUnchecked(t, api.users.demote, { params: { email } }, { headers });
    const demotions = (email: string) =>
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetLabel, email))
        .then((rows) => rows.filter((row) => row.action === 'user.demote'));

    it('takes the right away: the token loses it at once, audited once; again changes nothing', async () => {
      const someone = await signedIn(t, { name: 'De Moted' });
      await markEmailVerified(t.db, someone.user.email);
      expect((await promote(someone.user.email)).statusCode).toBe(200);
      expect((await askAdmin(someone.user.email, someone.token)).json()).toEqual({ admin: true });

      const response = await demote(someone.user.email);
      expect(response.statusCode, response.body).toBe(200);
      expect(userPromotedSchema.strict().parse(response.json()).user).toMatchObject({
        email: someone.user.email,
        role: false,
      });
      expect((await askAdmin(someone.user.email, someone.token)).json()).toEqual({ admin: false });
      expect((await listUsers(someone.headers)).statusCode).toBe(403);
      expect(await demotions(someone.user.email)).toMatchObject([
        { actorEmail: admin.user.email, targetType: 'user' },
      ]);

      expect((await demote(someone.user.email)).statusCode).toBe(200);
      expect(await demotions(someone.user.email)).toHaveLength(1);
    });

    it('refuses a customer (403) and leaves the admin an admin', async () => {
      const other = await signedIn(t, { admin: true });
      const response = await demote(other.user.email, customer.headers);
      expect(response.statusCode).toBe(403);
      expect((await askAdmin(other.user.email, other.token)).json()).toEqual({ admin: true });
    });

    it('never demotes the last admin (409), not even oneself', async () => {
      await withOnlyAdmins([admin.user.email], async () => {
        const response = await demote(admin.user.email);
        expect(response.statusCode).toBe(409);
        expect(response.json<ApiErrorBody>().message).toBe(userAdminMessages.lastAdminDemote);
      });
      expect(await findShopUserByEmail(t.db, admin.user.email)).toMatchObject({ isAdmin: true });
      expect(await demotions(admin.user.email)).toHaveLength(0);
    });

    it('two admins demoting each other at once leave one admin', async () => {
      const a = await signedIn(t, { admin: true });
      const b = await signedIn(t, { admin: true });
      const actorA = await findShopUserByEmail(t.db, a.user.email);
      const actorB = await findShopUserByEmail(t.db, b.user.email);
      await withOnlyAdmins([a.user.email, b.user.email], async () => {
        const outcomes = await Promise.allSettled([
          demoteUser(t.db, actorA!, b.user.email),
          demoteUser(t.db, actorB!, a.user.email),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const left = await t.db
          .select({ role: users.role })
          .from(users)
          .where(inArray(users.email, [a.user.email, b.user.email]));
        expect(left.filter((row) => row.role)).toHaveLength(1);
      });
    });

    it('answers 404 for an unknown email and 400 for one that is not an email', async () => {
      const unknown = await demote('ghost@example.com');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiErrorBody>().message).toBe(userAdminMessages.unknownUser);
      expect((await demote('ghost')).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/user/{email}', () => {
    it('removes the account: token 401, session gone, sign-in refused; orders and reviews stay', async () => {
      const leaving = await signedIn(t, { name: 'Lee Leaving' });
      const [account] = await t.db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, leaving.user.email));
      const shopUser = await findShopUserByEmail(t.db, leaving.user.email);
      const [order] = await t.db
        .insert(orders)
        .values({
          ...(await purchaseRow(t, { email: leaving.user.email, userId: shopUser!.id })),
          unitPrice: 90,
          userId: shopUser!.id,
          productName: 'Tray of SSDs',
          img: '/images/products/ssd.svg',
          description: 'Kept for the books.',
          quantity: 10,
          price: 900,
          name: 'LEE LEAVING',
          email: leaving.user.email,
          number: '555-123-4567',
          address: '2 Old Road',
          paid: true,
          transactionId: 'pi_test',
        })
        .returning({ id: orders.id });
      const review = await inject(
        t,
        api.reviews.create,
        { body: { rating: 5, discription: 'Great while it lasted.' } },
        leaving,
      );
      expect(review.statusCode, review.body).toBe(201);
      const profile = await inject(
        t,
        api.profile.save,
        {
          params: { email: leaving.user.email },
          body: { education: 'BSc', location: 'Oslo', number: '555', linkedin: 'lee' },
        },
        leaving,
      );
      expect(profile.statusCode, profile.body).toBe(200);

      const response = await remove(leaving.user.email.toUpperCase());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

      const refused = await askAdmin(leaving.user.email, leaving.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ApiErrorBody>().message).toBe(guardMessages.ended);
      const session = await inject(t, api.auth.session, {}, { cookie: leaving.cookie });
      expect(session.json()).toBeNull();
      expect(
        await t.db.select().from(authSessions).where(eq(authSessions.userId, account!.id)),
      ).toEqual([]);
      const signInAgain = await inject(t, api.auth.signIn, {
        body: { email: leaving.user.email, password: leaving.user.password },
      });
      expect(signInAgain.statusCode).toBe(401);
      expect(await findShopUserByEmail(t.db, leaving.user.email)).toBeNull();
      expect(await t.db.select().from(userInfo).where(eq(userInfo.userId, shopUser!.id))).toEqual(
        [],
      );

      const [keptOrder] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(keptOrder).toMatchObject({
        userId: null,
        name: 'LEE LEAVING',
        email: leaving.user.email,
        paid: true,
      });
      const [keptReview] = await t.db
        .select()
        .from(reviews)
        .where(eq(reviews.id, review.json().insertedId));
      expect(keptReview).toMatchObject({ userId: null, name: 'LEE LEAVING' });

      // The email is free again: the person may sign up anew.
      const back = await signUp(t, { ...newUser(), email: leaving.user.email });
      expect(await shopToken(t, leaving.user.email, back.cookie)).toBeTruthy();
    });

    it('refuses removing yourself with 409', async () => {
      const response = await remove(admin.user.email);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: userAdminMessages.removeSelf,
      });
      expect((await askAdmin(admin.user.email, admin.token)).json()).toEqual({ admin: true });
    });

    it('removes another admin', async () => {
      const second = await signedIn(t, { admin: true });
      expect((await remove(second.user.email)).statusCode).toBe(200);
      expect(await findShopUserByEmail(t.db, second.user.email)).toBeNull();
    });

    it('never removes the last admin', async () => {
      // The acting admin was demoted after the guard let them in: the one they aim at is the
      // only admin left.
      const other = await signedIn(t, { admin: true });
      const actor = await findShopUserByEmail(t.db, other.user.email);
      await withOnlyAdmins([admin.user.email], async () => {
        await expect(removeUser(t.db, actor!, admin.user.email)).rejects.toMatchObject({
          statusCode: 409,
          message: userAdminMessages.lastAdmin,
        });
      });
      expect(await findShopUserByEmail(t.db, admin.user.email)).toMatchObject({ isAdmin: true });
    });

    it('two admins removing each other at once leave one admin', async () => {
      const a = await signedIn(t, { admin: true });
      const b = await signedIn(t, { admin: true });
      const actorA = await findShopUserByEmail(t.db, a.user.email);
      const actorB = await findShopUserByEmail(t.db, b.user.email);
      await withOnlyAdmins([a.user.email, b.user.email], async () => {
        // Past the guards, both at once: only the lock and the count stand between them.
        const outcomes = await Promise.allSettled([
          removeUser(t.db, actorA!, b.user.email),
          removeUser(t.db, actorB!, a.user.email),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((o) => o.status === 'rejected');
        expect(refused?.reason).toMatchObject({
          statusCode: 409,
          message: userAdminMessages.lastAdmin,
        });
        const left = await t.db
          .select()
          .from(users)
          .where(inArray(users.email, [a.user.email, b.user.email]));
        expect(left).toHaveLength(1);
        expect(left[0]?.role).toBe(true);
      });
    });

    it('answers 404 for an unknown email and 400 for one that is not an email', async () => {
      const unknown = await remove('ghost@example.com');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiErrorBody>().message).toBe(userAdminMessages.unknownUser);
      const invalid = await remove('ghost');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<ApiErrorBody>().message).toMatch(/^email: /);
    });

    it('removes an account that never took a shop token', async () => {
      const { user, cookie } = await signUp(t);
      expect((await remove(user.email)).statusCode).toBe(200);
      expect(await findShopUserByEmail(t.db, user.email)).toBeNull();
      const session = await inject(t, api.auth.session, {}, { cookie });
      expect(session.json()).toBeNull();
      await expect(signIn(t, user)).rejects.toThrow();
    });
  });
});
