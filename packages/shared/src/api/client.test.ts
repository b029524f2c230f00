import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  apiPath,
  cookieOf,
  createApiClient,
  expectStatus,
  signInForToken,
  signUpForToken,
  type FetchLike,
} from './client.js';
import { api, apiRoutes } from './index.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  redirect: RequestRedirect | undefined;
}

/** A fetch that records each request and answers from `answer`, in order. */
function fakeFetch(...answers: (() => Response)[]): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      redirect: init.redirect,
    });
    const next = answers.shift();
    if (!next) throw new Error(`no answer left for ${url}`);
    return next();
  };
  return { fetch, sent };
}

const json = (status: number, body: unknown, headers: [string, string][] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: [['content-type', 'application/json; charset=utf-8'], ...headers],
  });

const base = 'http://127.0.0.1:3999';

describe('apiPath', () => {
  it('puts the contract path with its encoded parameters and query under /api', () => {
    expect(API_PREFIX).toBe('/api');
    expect(apiPath(api.identity.issueToken, { params: { email: 'a+b@example.com' } })).toBe(
      `${API_PREFIX}/user/a%2Bb%40example.com`,
    );
    expect(apiPath(api.audit.list, { query: { page: 2, kind: undefined } })).toBe(
      `${API_PREFIX}${api.audit.list.path}?page=2`,
    );
  });
});

describe('createApiClient', () => {
  it('sends method, URL, JSON body, token and cookie from the contract and the options', async () => {
    const { fetch, sent } = fakeFetch(() => json(201, { order: { _id: 'o1' } }));
    const client = createApiClient({ baseUrl: `${base}/somewhere`, fetch });
    const body = { productId: 'p1', quantity: 2, number: '555', address: '1 Street' };
    const answer = await client.call(api.orders.place, { body }, { token: 't0k', cookie: 'c=1' });

    expect(answer.status).toBe(201);
    expect(sent).toEqual([
      {
        url: `${base}${API_PREFIX}${api.orders.place.path}`,
        method: api.orders.place.method,
        headers: {
          origin: base,
          'content-type': 'application/json',
          authorization: 'Bearer t0k',
          cookie: 'c=1',
        },
        body,
        redirect: 'manual',
      },
    ]);
  });

  it('calls through a zod-free route the same way, and sends no origin or body on a GET', async () => {
    const { fetch, sent } = fakeFetch(() => json(200, []));
    const client = createApiClient({ baseUrl: base, fetch, headers: { 'x-run': 'unit' } });
    const answer = await client.call(apiRoutes().catalog.list);
    expect(expectStatus(answer, 200)).toEqual([]);
    expect(sent[0]).toMatchObject({
      url: `${base}${API_PREFIX}${api.catalog.list.path}`,
      method: 'GET',
      headers: { 'x-run': 'unit' },
      body: undefined,
    });
  });

  it('answers a 4xx with its status and body instead of throwing', async () => {
    const error = { statusCode: 404, error: 'Not Found', message: 'No product with this id.' };
    const { fetch } = fakeFetch(() => json(404, error));
    const client = createApiClient({ baseUrl: base, fetch });
    const answer = await client.call(api.catalog.get, { params: { id: 'x' } });
    expect(answer.status).toBe(404);
    if (answer.status === 404) expect(answer.body.message).toBe(error.message);
    expect(() => expectStatus(answer, 200)).toThrow(
      /expected 200, the API answered 404: .*No product/,
    );
  });

  it('answers a body that is not JSON as text, and an empty one as undefined', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      () => new Response(null, { status: 304 }),
    );
    const client = createApiClient({ baseUrl: base, fetch });
    expect((await client.call(api.catalog.list)).body).toBe('<html>');
    expect((await client.call(api.catalog.list)).body).toBeUndefined();
  });

  it('builds absolute URLs for tools that take one', () => {
    const client = createApiClient({ baseUrl: base });
    expect(client.url(api.catalog.get, { params: { id: 'p 1' } })).toBe(
      `${base}${API_PREFIX}/item/p%201`,
    );
  });
});

describe('cookieOf', () => {
  it('joins the cookies an answer sets and leaves out the ones it deletes', () => {
    const headers = new Headers([
      ['set-cookie', 'better-auth.session_token=abc.def%3D; Path=/; HttpOnly'],
      ['set-cookie', 'better-auth.dont_remember=; Max-Age=0; Path=/'],
      ['set-cookie', 'better-auth.session_data=xyz; Max-Age=300; Path=/'],
    ]);
    expect(cookieOf(headers)).toBe(
      'better-auth.session_token=abc.def%3D; better-auth.session_data=xyz',
    );
  });
});

describe('signUpForToken and signInForToken', () => {
  const person = { name: 'Pat Buyer', email: 'pat+1@example.com', password: 'Parts#2026' };
  const session = 'better-auth.session_token=s3ss10n.sig';
  const signedIn = () => json(200, { user: {} }, [['set-cookie', `${session}; Path=/; HttpOnly`]]);

  it('signs up through Better Auth, then trades the session cookie for the shop token', async () => {
    const { fetch, sent } = fakeFetch(signedIn, () => json(200, { token: 'shop.jwt' }));
    const client = createApiClient({ baseUrl: base, fetch });

    expect(await signUpForToken(client, api, person)).toEqual({
      cookie: session,
      token: 'shop.jwt',
    });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: api.auth.signUp.method,
        url: `${base}${API_PREFIX}${api.auth.signUp.path}`,
        body: person,
      },
      {
        method: api.identity.issueToken.method,
        url: client.url(api.identity.issueToken, { params: { email: person.email } }),
        body: { email: person.email },
      },
    ]);
    expect(sent[1]?.headers).toMatchObject({ cookie: session, origin: base });
  });

  it('signs in the same way, through the zod-free routes too', async () => {
    const { fetch, sent } = fakeFetch(signedIn, () => json(200, { token: 'shop.jwt' }));
    const client = createApiClient({ baseUrl: base, fetch });
    const credentials = { email: person.email, password: person.password };
    expect((await signInForToken(client, apiRoutes(), credentials)).token).toBe('shop.jwt');
    expect(sent[0]).toMatchObject({
      url: client.url(api.auth.signIn),
      method: api.auth.signIn.method,
      body: credentials,
    });
  });

  it('throws with the answer when Better Auth or the token exchange refuses', async () => {
    const refused = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };
    const first = fakeFetch(() => json(401, refused));
    await expect(
      signInForToken(createApiClient({ baseUrl: base, fetch: first.fetch }), api, person),
    ).rejects.toThrow(/answered 401: .*Invalid email or password/);
    expect(first.sent).toHaveLength(1);

    const second = fakeFetch(signedIn, () =>
      json(403, { statusCode: 403, error: 'Forbidden', message: 'Not your session.' }),
    );
    await expect(
      signUpForToken(createApiClient({ baseUrl: base, fetch: second.fetch }), api, person),
    ).rejects.toThrow(/answered 403/);
  });

  it('refuses a sign-in answer that sets no session cookie', async () => {
    const { fetch } = fakeFetch(() => json(200, { user: {} }));
    await expect(
      signInForToken(createApiClient({ baseUrl: base, fetch }), api, person),
    ).rejects.toThrow(/without a session cookie/);
  });
});
