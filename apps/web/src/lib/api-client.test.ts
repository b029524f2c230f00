import {
  ACCESS_TOKEN_KEY,
  apiPath,
  orderSchema,
  publicConfigSchema,
  sandboxPaymentErrorSchema,
  subscribeResultSchema,
} from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { customer, fakeToken, sessionAnswer } from '../test/auth-mock';
import { makeOrder, testConfig } from '../test/factories';
import { answer, handle, mockApi, offContract, unreachable } from '../test/fetch-mock';
import { ApiError, call, routes } from './api-client';

const orderListSchema = z.array(orderSchema);
const orders = [makeOrder(1)];

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

describe('call', () => {
  it('calls the API base with the route and returns the checked answer', async () => {
    const { fetchMock } = mockApi([answer(routes.settings.config, 200, testConfig)]);
    await expect(call(routes.settings.config, {}, { schema: publicConfigSchema })).resolves.toEqual(
      testConfig,
    );
    expect(fetchMock).toHaveBeenCalledWith(
      apiPath(routes.settings.config),
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it("fills the path's parameters and the query, each encoded", async () => {
    const { calls, callsTo } = mockApi([
      answer(routes.users.remove, 200, { acknowledged: true, deletedCount: 1 }),
      answer(routes.orders.listOwn, 200, orders),
    ]);

    await call(routes.users.remove, { params: { email: 'a+b@example.com' } });
    await call(routes.orders.listOwn, { query: { email: 'a+b@example.com' } });

    // raw-api-path: the point is the percent-encoding on the wire, which urlOf must produce.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /user/a%2Bb%40example.com',
      'GET /orders?email=a%2Bb%40example.com',
    ]);
    expect(callsTo(routes.users.remove)[0]?.params).toEqual({ email: 'a+b@example.com' });
  });

  it('sends JSON bodies and the bearer token from localStorage', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    const subscribed = {
      acknowledged: true,
      alreadySubscribed: false,
      message: 'Thanks.',
    } as const;
    const { callsTo } = mockApi([answer(routes.newsletter.subscribe, 201, subscribed)]);

    await expect(
      call(routes.newsletter.subscribe, { body: { email: 'a@example.com' } }),
    ).resolves.toEqual(subscribed);

    expect(callsTo(routes.newsletter.subscribe)[0]).toMatchObject({
      method: 'POST',
      body: { email: 'a@example.com' },
      headers: { Authorization: 'Bearer token-123', 'Content-Type': 'application/json' },
    });
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockApi([answer(routes.settings.config, 200, testConfig)]);
    await call(routes.settings.config);
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it("turns the API's error body into an ApiError with its status and message", async () => {
    const message = 'Only an unpaid order can be cancelled.';
    mockApi([answer(routes.orders.cancel, 409, { statusCode: 409, error: 'Conflict', message })]);
    const error = await failure(call(routes.orders.cancel, { params: { id: orders[0]!._id } }));
    expect(error).toMatchObject({ status: 409, error: 'Conflict', message });
  });

  it('reads an error answer of another shape with the reader the caller gives', async () => {
    const declined = {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    } as const;
    mockApi([answer(routes.payments.sandboxConfirm, 402, declined)]);
    const readError = (payload: unknown) => {
      const parsed = sandboxPaymentErrorSchema.safeParse(payload);
      return parsed.success ? { error: parsed.data.error.type, message: 'Declined.' } : null;
    };
    const body = {
      clientSecret: 'pi_1_secret_2',
      card: { number: '4000000000000002', expMonth: 12, expYear: 2040, cvc: '123' },
      billingDetails: { name: 'JANE BUYER', email: 'buyer@example.com' },
    };
    const error = await failure(call(routes.payments.sandboxConfirm, { body }, { readError }));
    expect(error).toMatchObject({ status: 402, error: 'card_error', message: 'Declined.' });
  });

  it('explains an unreachable server as a network error', async () => {
    mockApi([handle(routes.settings.config, unreachable)]);
    const error = await failure(call(routes.settings.config));
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
    const error = await failure(call(routes.settings.config));
    expect(error).toMatchObject({ status: 502, error: 'Bad Gateway' });
    expect(error.message).toMatch(/502/);
  });

  it('refuses an answer that does not match the expected shape', async () => {
    mockApi([handle(routes.settings.config, () => offContract(200, { shopName: 7 }))]);
    const error = await failure(call(routes.settings.config, {}, { schema: publicConfigSchema }));
    expect(error.error).toBe('Unexpected Response');
  });

  it('trusts the answer as it is without a schema (docs/decisions/008)', async () => {
    const odd = { acknowledged: true, alreadySubscribed: 'yes', extra: [1] };
    mockApi([handle(routes.newsletter.subscribe, () => offContract(200, odd))]);
    await expect(
      call(routes.newsletter.subscribe, { body: { email: 'a@example.com' } }),
    ).resolves.toEqual(odd);
  });

  it('refuses a successful answer that is not JSON, with or without a schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Shop</html>', { status: 200 })),
    );
    const input = { body: { email: 'a@example.com' } };
    expect((await failure(call(routes.newsletter.subscribe, input))).error).toBe(
      'Unexpected Response',
    );
    const checked = call(routes.newsletter.subscribe, input, { schema: subscribeResultSchema });
    expect((await failure(checked)).error).toBe('Unexpected Response');
  });

  describe('on a 401', () => {
    const unauthorized = {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'The token has expired.' },
    } as const;
    const session = answer(routes.auth.session, 200, sessionAnswer(customer));
    const listAll = () => call(routes.orders.listAll, {}, { schema: orderListSchema });

    it('renews the token once from the session and repeats the call with it', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'expired-token');
      const renewed = fakeToken(customer.email, 2);
      let listCalls = 0;
      const { calls } = mockApi([
        handle(routes.orders.listAll, () =>
          ++listCalls === 1 ? unauthorized : { status: 200, body: orders },
        ),
        session,
        answer(routes.identity.issueToken, 200, { token: renewed }),
      ]);

      await expect(listAll()).resolves.toEqual(orders);

      expect(calls.map((c) => c.route)).toEqual([
        routes.orders.listAll,
        routes.auth.session,
        routes.identity.issueToken,
        routes.orders.listAll,
      ]);
      expect(calls[2]).toMatchObject({
        params: { email: customer.email },
        body: { email: customer.email },
      });
      expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer expired-token' });
      expect(calls[3]?.headers).toMatchObject({ Authorization: `Bearer ${renewed}` });
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(renewed);
    });

    it('gives up after one renewal and reports the 401 as an auth failure', async () => {
      const { callsTo } = mockApi([
        handle(routes.orders.listAll, () => unauthorized),
        session,
        answer(routes.identity.issueToken, 200, { token: fakeToken(customer.email) }),
      ]);

      const error = await failure(listAll());

      expect(error).toMatchObject({ status: 401, isAuthFailure: true });
      expect(callsTo(routes.orders.listAll)).toHaveLength(2);
      expect(callsTo(routes.identity.issueToken)).toHaveLength(1);
    });

    it('does not repeat the call without a session to renew from', async () => {
      const { calls } = mockApi([
        handle(routes.orders.listAll, () => unauthorized),
        answer(routes.auth.session, 200, null),
      ]);

      const error = await failure(listAll());

      expect(error.status).toBe(401);
      expect(calls.map((c) => c.route)).toEqual([routes.orders.listAll, routes.auth.session]);
    });

    it('shares one renewal between calls that fail together', async () => {
      const renewed = fakeToken(customer.email, 2);
      const { callsTo } = mockApi([
        handle(routes.orders.listAll, ({ headers }) =>
          headers.Authorization === `Bearer ${renewed}`
            ? { status: 200, body: orders }
            : unauthorized,
        ),
        session,
        answer(routes.identity.issueToken, 200, { token: renewed }),
      ]);

      await Promise.all([listAll(), listAll()]);

      expect(callsTo(routes.identity.issueToken)).toHaveLength(1);
    });

    it('reports a 403 as an auth failure without renewing', async () => {
      const { calls } = mockApi([
        answer(routes.orders.listAll, 403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Not yours.',
        }),
      ]);
      const error = await failure(listAll());
      expect(error).toMatchObject({ status: 403, isAuthFailure: true });
      expect(calls).toHaveLength(1);
    });
  });
});
