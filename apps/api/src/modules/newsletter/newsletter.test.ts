import { api, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { injectUnchecked } from '../../test-support/inject.js';
import { subscribe } from './service.js';

describe.each(testDatabases())('newsletter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  // The body as bytes, so a test may send what is not JSON at all.
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    injectUnchecked(
      t,
      api.newsletter.subscribe,
      { body: typeof payload === 'string' ? payload : JSON.stringify(payload) },
      { headers: { 'content-type': 'application/json', ...headers } },
    );

  it('subscribes a new email with 201, and a repeat with 200 and a friendly note', async () => {
    const first = await post({ email: 'buyer@example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      acknowledged: true,
      alreadySubscribed: false,
      message: messages.subscribed,
    });

    const again = await post({ email: '  Buyer@Example.com ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      acknowledged: true,
      alreadySubscribed: true,
      message: messages.alreadySubscribed,
    });
  });

  it('stores an email once even when the same address arrives many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => subscribe(t.db, { email: 'race@example.com' })),
    );
    expect(results.filter((r) => !r.alreadySubscribed)).toHaveLength(1);
  });

  it.each([
    ['not an address', { email: 'not-an-email' }, `email: ${messages.invalidEmail}`],
    ['an empty string', { email: '' }, `email: ${messages.required}`],
    ['a number', { email: 42 }, 'email: Expected string, received number.'],
    ['an array', { email: ['a@b.com'] }, 'email: Expected string, received array.'],
    ['null', { email: null }, 'email: Expected string, received null.'],
    ['a missing field', {}, `email: ${messages.required}`],
    ['an unknown field', { email: 'x@example.com', admin: true }, 'Unrecognized key: "admin"'],
  ])('refuses %s with 400 naming the field', async (_label, body, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(json.message).toContain(message);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await post('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().message).toMatch(/json/i);
  });

  it('refuses a JSON body that is not an object with 400', async () => {
    for (const payload of ['"x@example.com"', 'null', '[]', '42']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('refuses a missing body with 400', async () => {
    const response = await injectUnchecked(t, api.newsletter.subscribe);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().message).toMatch(/body/i);

    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('refuses a body over BODY_LIMIT with 413', async () => {
    const response = await post({ email: `${'a'.repeat(t.config.bodyLimit)}@example.com` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('refuses a content type other than JSON with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await post('email=x@example.com', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    }
  });
});
