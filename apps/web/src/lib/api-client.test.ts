import { ACCESS_TOKEN_KEY } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { customer, fakeToken, sessionAnswer, tokenPath } from '../test/auth-mock';
import { mockApi, unreachable } from '../test/fetch-mock';
import { ApiError, apiRequest } from './api-client';

const okSchema = z.object({ ok: z.boolean() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('calls the API base and returns the checked answer', async () => {
    const { fetchMock } = mockApi({ 'GET /thing': { body: { ok: true } } });
    await expect(apiRequest('/thing', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('sends JSON bodies and the bearer token from localStorage', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    const { calls } = mockApi({ 'POST /thing': { status: 201, body: { ok: true } } });

    await apiRequest('/thing', { method: 'POST', body: { a: 1 }, schema: okSchema });

    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      headers: { Authorization: 'Bearer token-123', 'Content-Type': 'application/json' },
    });
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockApi({ 'GET /thing': { body: { ok: true } } });
    await apiRequest('/thing', { schema: okSchema });
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it("turns the API's error body into an ApiError with its status and message", async () => {
    mockApi({
      'GET /thing': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Out of stock.' },
      },
    });
    const error = await failure(apiRequest('/thing', { schema: okSchema }));
    expect(error).toMatchObject({ status: 409, error: 'Conflict', message: 'Out of stock.' });
  });

  it('reads an error answer of another shape with the reader the caller gives', async () => {
    mockApi({
      'POST /pay': {
        status: 402,
        body: {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        },
      },
    });
    const readError = (payload: unknown) => {
      const { error } = payload as { error: { type: string; message: string } };
      return { error: error.type, message: error.message };
    };
    const error = await failure(
      apiRequest('/pay', { method: 'POST', schema: okSchema, readError }),
    );
    expect(error).toMatchObject({
      status: 402,
      error: 'card_error',
      message: 'Your card was declined.',
    });
  });

  it('explains an unreachable server as a network error', async () => {
    mockApi({ 'GET /thing': unreachable });
    const error = await failure(apiRequest('/thing', { schema: okSchema }));
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toMatch(/cannot be reached/);
  });

  it('handles an error answer that is not JSON (a proxy page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await failure(apiRequest('/thing', { schema: okSchema }));
    expect(error).toMatchObject({ status: 502, error: 'Bad Gateway' });
    expect(error.message).toMatch(/502/);
  });

  it('refuses an answer that does not match the expected shape', async () => {
    mockApi({ 'GET /thing': { body: { ok: 'yes' } } });
    const error = await failure(apiRequest('/thing', { schema: okSchema }));
    expect(error.error).toBe('Unexpected Response');
  });

  it('trusts the answer as it is without a schema (docs/decisions/008)', async () => {
    mockApi({ 'GET /thing': { body: { ok: 'yes', extra: [1] } } });
    await expect(apiRequest<{ ok: string }>('/thing', {})).resolves.toEqual({
      ok: 'yes',
      extra: [1],
    });
  });

  it('refuses a successful answer that is not JSON, with or without a schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Shop</html>', { status: 200 })),
    );
    expect((await failure(apiRequest('/thing', {}))).error).toBe('Unexpected Response');
    expect((await failure(apiRequest('/thing', { schema: okSchema }))).error).toBe(
      'Unexpected Response',
    );
  });

  describe('on a 401', () => {
    const unauthorized = {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'The token has expired.' },
    };

    it('renews the token once from the session and repeats the call with it', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'expired-token');
      const renewed = fakeToken(customer.email, 2);
      let thingCalls = 0;
      const { calls } = mockApi({
        'GET /thing': () => (++thingCalls === 1 ? unauthorized : { body: { ok: true } }),
        'GET /auth/get-session': { body: sessionAnswer(customer) },
        [`PUT ${tokenPath(customer.email)}`]: { body: { token: renewed } },
      });

      await expect(apiRequest('/thing', { schema: okSchema })).resolves.toEqual({ ok: true });

      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /thing',
        'GET /auth/get-session',
        `PUT ${tokenPath(customer.email)}`,
        'GET /thing',
      ]);
      expect(calls[2]?.body).toEqual({ email: customer.email });
      expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer expired-token' });
      expect(calls[3]?.headers).toMatchObject({ Authorization: `Bearer ${renewed}` });
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(renewed);
    });

    it('gives up after one renewal and reports the 401 as an auth failure', async () => {
      const { calls } = mockApi({
        'GET /thing': unauthorized,
        'GET /auth/get-session': { body: sessionAnswer(customer) },
        [`PUT ${tokenPath(customer.email)}`]: { body: { token: fakeToken(customer.email) } },
      });

      const error = await failure(apiRequest('/thing', { schema: okSchema }));

      expect(error).toMatchObject({ status: 401, isAuthFailure: true });
      expect(calls.filter((call) => call.path === '/thing')).toHaveLength(2);
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    });

    it('does not repeat the call without a session to renew from', async () => {
      const { calls } = mockApi({
        'GET /thing': unauthorized,
        'GET /auth/get-session': { body: null },
      });

      const error = await failure(apiRequest('/thing', { schema: okSchema }));

      expect(error.status).toBe(401);
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /thing',
        'GET /auth/get-session',
      ]);
    });

    it('shares one renewal between calls that fail together', async () => {
      const renewed = fakeToken(customer.email, 2);
      const { calls } = mockApi({
        'GET /thing': ({ headers }) =>
          headers.Authorization === `Bearer ${renewed}` ? { body: { ok: true } } : unauthorized,
        'GET /auth/get-session': { body: sessionAnswer(customer) },
        [`PUT ${tokenPath(customer.email)}`]: { body: { token: renewed } },
      });

      await Promise.all([
        apiRequest('/thing', { schema: okSchema }),
        apiRequest('/thing', { schema: okSchema }),
      ]);

      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    });

    it('reports a 403 as an auth failure without renewing', async () => {
      const { calls } = mockApi({
        'GET /thing': {
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'Not yours.' },
        },
      });
      const error = await failure(apiRequest('/thing', { schema: okSchema }));
      expect(error).toMatchObject({ status: 403, isAuthFailure: true });
      expect(calls).toHaveLength(1);
    });
  });
});
