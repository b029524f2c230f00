import {
  api,
  messages,
  userInfoAnswerSchema,
  userInfoSavedSchema,
  type UserInfo,
  type ApiErrorBody,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { profileMessages } from './service.js';

const info: UserInfo = {
  education: 'BSc Electrical Engineering',
  location: 'Rotterdam, NL',
  number: '+31 10 555 0101',
  linkedin: 'https://www.linkedin.com/in/pat-buyer',
  company: null,
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
};

describe.each(testDatabases())('profile on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false', ...MANY_SIGN_UPS } });
    [owner, other, admin] = [
      await signedIn(t),
      await signedIn(t),
      await signedIn(t, { admin: true }),
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (email: string, headers: Record<string, string>) =>
    inject(t, api.profile.get, { params: { email } }, { headers });
  // Any body: some tests send what the contract refuses.
  const put = (email: string, body: unknown, headers: Record<string, string>) =>
    injectUnchecked(t, api.profile.save, { params: { email }, body }, { headers });

  it('answers null before the first save, then adds (upserted true) and updates (upserted false)', async () => {
    const empty = await get(owner.user.email, owner.headers);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toBeNull();
    expect(empty.headers['cache-control']).toBe('no-store');

    const added = await put(owner.user.email, info, owner.headers);
    expect(added.statusCode, added.body).toBe(200);
    expect(userInfoSavedSchema.strict().parse(added.json())).toEqual({
      acknowledged: true,
      upserted: true,
      info,
    });
    expect(userInfoAnswerSchema.parse((await get(owner.user.email, owner.headers)).json())).toEqual(
      info,
    );

    const changed = { ...info, location: '  Leeds, UK  ' };
    const updated = await put(owner.user.email.toUpperCase(), changed, owner.headers);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      acknowledged: true,
      upserted: false,
      info: { ...info, location: 'Leeds, UK' },
    });
    expect((await get(owner.user.email, owner.headers)).json()).toEqual({
      ...info,
      location: 'Leeds, UK',
    });
  });

  it('refuses a request without a token with 401', async () => {
    for (const response of [
      await get(owner.user.email, {}),
      await put(owner.user.email, info, {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiErrorBody>().message).toBe(guardMessages.missing);
    }
  });

  it.each([
    ['another customer', () => other],
    ['an admin (it is the user\u2019s own profile)', () => admin],
  ])('refuses %s with 403, reading or writing', async (_label, who) => {
    const before = (await get(owner.user.email, owner.headers)).json();
    const intruder = who();
    const read = await get(owner.user.email, intruder.headers);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: profileMessages.notYours,
    });
    const write = await put(owner.user.email, { ...info, education: 'Hacked' }, intruder.headers);
    expect(write.statusCode).toBe(403);
    expect((await get(owner.user.email, owner.headers)).json()).toEqual(before);
    // Their own profile is untouched too.
    expect((await get(intruder.user.email, intruder.headers)).json()).toBeNull();
  });

  it.each([
    ['no education', { ...info, education: undefined }, `education: ${messages.required}`],
    ['a blank location', { ...info, location: '   ' }, `location: ${messages.required}`],
    ['an empty number', { ...info, number: '' }, `number: ${messages.required}`],
    ['no linkedin', { ...info, linkedin: undefined }, `linkedin: ${messages.required}`],
    [
      'a number sent as a number',
      { ...info, number: 5550101 },
      'number: Expected string, received number.',
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, message) => {
    const response = await put(other.user.email, body, other.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect((await get(other.user.email, other.headers)).json()).toBeNull();
  });

  it('refuses name or email in the body: they are not part of the profile', async () => {
    const response = await put(other.user.email, { ...info, name: 'X' }, other.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toMatch(/name/);
  });

  it('answers 400 naming the email for an address that is not an email', async () => {
    const response = await get('not-an-email', owner.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toMatch(/^email: /);
  });
});
