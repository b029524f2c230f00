import { api, messages, PASSWORD_MAX_LENGTH, type ApiErrorBody, type Callable } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers } from '../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { dbSnapshot } from '../test-support/db-snapshot.js';
import {
  authPost,
  hasSessionCookie,
  newUser,
  shopToken,
  signIn,
  signUp,
  bearer,
} from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';
import { markEmailVerified } from '../modules/users/service.js';
import { addProduct, orderBody, orderTestEnv } from '../test-support/shop.js';

/** What Better Auth answers about the signed-in user (its own shape, read loosely by `api.auth`). */
interface SessionAnswer {
  user: { email: string; image?: string | null };
}

/** Better Auth's change-password, which the web app does not offer: the shop's field rules apply to it all the same. */
const { changePassword } = api.auth;

/** A pass phrase of 40 characters: spaces, a digit and a symbol outside SPEC's eight. */
const PASS_PHRASE = 'correct horse battery staple, 2026 edition';

/**
 * Characters no identity field may hold: NUL, other C0 controls (tab and line breaks too, as
 * every identity field is one line), DEL, a C1 control and half a surrogate pair.
 */
const CONTROL = [
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  'esc\u001b[31m',
  'tab\there',
  'line\nbreak',
  'del\u007f',
  'c1\u0085',
  'x\ud800y',
];

describe.each(testDatabases())('identity inputs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('what real customers type', () => {
    it('signs up a capitalised dotted email with a 40-character pass phrase, stored lowercased', async () => {
      expect(PASS_PHRASE.length).toBeGreaterThanOrEqual(40);
      const typed = `John.Doe.${Date.now()}@Acme.co.uk`;
      const email = typed.toLowerCase();
      const up = await authPost(t, api.auth.signUp, {
        name: 'John Doe',
        email: typed,
        password: PASS_PHRASE,
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().user).toMatchObject({ email, name: 'JOHN DOE' });
      const [row] = await t.db.select().from(authUsers).where(eq(authUsers.email, email));
      expect(row?.email).toBe(email);

      // Signs in as the lowercased address, however it is typed.
      for (const asTyped of [email, typed, `  ${typed.toUpperCase()} `]) {
        const cookie = await signIn(t, { email: asTyped, password: PASS_PHRASE });
        const session = await inject(t, api.auth.session, {}, { cookie });
        expect(session.json<SessionAnswer>().user.email).toBe(email);
      }
      const wrong = await authPost(t, api.auth.signIn, { email, password: `${PASS_PHRASE}x` });
      expect(wrong.statusCode).toBe(401);
    });

    it('takes a hyphenated domain with surrounding spaces, trimmed', async () => {
      const email = `jane${Date.now()}@my-company.com`;
      const up = await authPost(t, api.auth.signUp, {
        name: 'Jane Roe',
        email: `  Jane${email.slice(4)} `,
        password: 'Parts#2026',
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json<SessionAnswer>().user.email).toBe(email);
    });

    it(`refuses a password over ${PASSWORD_MAX_LENGTH} characters with SPEC's message`, async () => {
      const tooLong = `${'a'.repeat(PASSWORD_MAX_LENGTH - 1)}1!`;
      const response = await authPost(t, api.auth.signUp, newUser({ password: tooLong }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_PASSWORD',
        message: messages.invalidPassword,
      });
      expect(hasSessionCookie(response)).toBe(false);
    });

    it('changes a password to a pass phrase, which then signs in', async () => {
      const { user, cookie } = await signUp(t, newUser());
      const changed = await authPost(
        t,
        changePassword,
        { currentPassword: user.password, newPassword: PASS_PHRASE },
        { cookie },
      );
      expect(changed.statusCode, changed.body).toBe(200);
      await signIn(t, { email: user.email, password: PASS_PHRASE });
    });

    it('orders with an international phone number and an address with / and #; the profile takes the number', async () => {
      const typed = `Ada.Byron.${Date.now()}@Example.co.uk`;
      const { cookie } = await signUp(t, {
        name: 'Ada Byron',
        email: typed,
        password: PASS_PHRASE,
      });
      const email = typed.toLowerCase();
      // Verified: an unverified account holds one unpaid purchase, and this one places two.
      await markEmailVerified(t.db, email);
      const token = await shopToken(t, email, cookie);
      const product = await addProduct(t, { available: 10 });
      for (const [number, address] of [
        ['+44 20 7946 0958', 'Unit 4/B #2'],
        ['+1 (555) 123-4567', 'Flat 3 & 4, Rue de l’Église 5°, Zürich'],
      ] as const) {
        const placed = await inject(
          t,
          api.orders.place,
          { body: orderBody(product._id, 1, { number, address }) },
          { headers: bearer(token) },
        );
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().order).toMatchObject({ number, address, email });
      }

      const info = {
        education: 'BA',
        location: 'London',
        number: '+44 20 7946 0958',
        linkedin: 'https://www.linkedin.com/in/ada',
      };
      const saved = await inject(
        t,
        api.profile.save,
        { params: { email }, body: info },
        { headers: bearer(token) },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().info).toEqual({
        ...info,
        company: null,
        taxId: null,
        billingAddress: null,
        shippingAddress: null,
      });
    });
  });

  describe('control characters in Better Auth fields', () => {
    /** Every Better Auth call a browser makes with a body, with a valid body to poison. */
    const calls: {
      route: Callable;
      fields: string[];
      body: (user: { email: string; password: string }) => Record<string, unknown>;
      signedIn?: boolean;
    }[] = [
      {
        route: api.auth.signUp,
        fields: ['name', 'email', 'password', 'image', 'callbackURL'],
        body: () => ({ ...newUser(), image: 'https://cdn.example.com/me.png', callbackURL: '/' }),
      },
      {
        route: api.auth.signIn,
        fields: ['email', 'password', 'callbackURL'],
        body: (user) => ({ email: user.email, password: user.password, callbackURL: '/' }),
      },
      {
        route: api.auth.updateUser,
        fields: ['name', 'image'],
        body: () => ({ name: 'Pat Seller', image: 'https://cdn.example.com/me.png' }),
        signedIn: true,
      },
      {
        route: api.auth.requestPasswordReset,
        fields: ['email', 'redirectTo'],
        body: (user) => ({ email: user.email, redirectTo: '/reset-password' }),
      },
      {
        route: api.auth.resetPassword,
        fields: ['token', 'newPassword'],
        body: () => ({ token: 'not-a-real-token', newPassword: 'Fresh#2027' }),
      },
      {
        route: changePassword,
        fields: ['currentPassword', 'newPassword'],
        body: (user) => ({ currentPassword: user.password, newPassword: 'Fresh#2027' }),
        signedIn: true,
      },
    ];

    it.each(calls.map((call) => [call.route.path, call] as const))(
      '%s answers 4xx with a message for each field, and stores nothing',
      async (_path, call) => {
        const { user, cookie } = await signUp(t, newUser());
        const before = await dbSnapshot(t.db);
        let client = 0;
        for (const field of call.fields) {
          for (const value of CONTROL) {
            const body = { ...call.body(user), [field]: value };
            // Each from its own address: Better Auth allows 3 password changes per 10 s per
            // address, and the refusal, not the rate limit, is on trial.
            client += 1;
            const response = await authPost(t, call.route, body, {
              ...(call.signedIn ? { cookie } : {}),
              remoteAddress: `10.77.${Math.floor(client / 250)}.${client % 250}`,
            });
            const where = `${call.route.path} ${field}=${JSON.stringify(value)} -> ${response.body}`;
            // A callbackURL is refused by Better Auth's origin check (403) before the shop's
            // own check (400) runs; every other field gets the shop's 400.
            expect(response.statusCode, where).toBe(
              /callbackURL|redirectTo/.test(field) ? 403 : 400,
            );
            expect(response.json<ApiErrorBody>().message, where).toEqual(expect.any(String));
            expect(hasSessionCookie(response), where).toBe(false);
          }
        }
        expect(await dbSnapshot(t.db)).toEqual(before);
      },
    );

    it('refuses control characters in any other body key or value, nested too', async () => {
      const before = await dbSnapshot(t.db);
      for (const body of [
        { ...newUser(), ['extra\u0000']: 'x' },
        { ...newUser(), extra: { deep: ['ok', 'a\u0000b'] } },
      ]) {
        const response = await authPost(t, api.auth.signUp, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<ApiErrorBody>().message).toBe(messages.unsafeText);
      }
      expect(await dbSnapshot(t.db)).toEqual(before);
    });

    it('a reset link whose token holds a NUL redirects with INVALID_TOKEN and stores nothing', async () => {
      const before = await dbSnapshot(t.db);
      // raw-api-path: the reset link as an email would carry it, with a NUL in the token; Better
      // Auth makes these links up itself, so no contract names them.
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/reset-password/a%00b?callbackURL=%2Freset-password',
      });
      expect(response.statusCode, response.body).toBe(302);
      const page = new URL(response.headers.location as string, t.config.publicUrl);
      expect(page.pathname).toBe('/reset-password');
      expect(page.searchParams.get('error')).toBe('INVALID_TOKEN');
      expect(await dbSnapshot(t.db)).toEqual(before);
    });

    it('update-user takes an http(s) image URL or null, nothing else', async () => {
      const { cookie } = await signUp(t, newUser());
      const before = await dbSnapshot(t.db);
      for (const image of [
        'javascript:alert(1)',
        'data:image/png;base64,AA',
        '/images/me.png',
        '//evil.example/me.png',
        `https://cdn.example.com/${'a'.repeat(500)}.png`,
        '',
        42,
        {},
      ]) {
        const response = await authPost(t, api.auth.updateUser, { image }, { cookie });
        expect(response.statusCode, `${JSON.stringify(image)} -> ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ message: messages.invalidImageUrl });
      }
      expect(await dbSnapshot(t.db)).toEqual(before);

      for (const image of ['https://cdn.example.com/me.png', null]) {
        const response = await authPost(t, api.auth.updateUser, { image }, { cookie });
        expect(response.statusCode, response.body).toBe(200);
        const session = await inject(t, api.auth.session, {}, { cookie });
        expect(session.json<SessionAnswer>().user.image).toBe(image);
      }
    });
  });
});
