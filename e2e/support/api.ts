import type { APIRequestContext } from '@playwright/test';
import {
  api,
  apiPath,
  createApiClient,
  expectStatus,
  type ApiClient,
  type FetchLike,
  type Product,
} from '@shop/shared';
import { baseURL } from './env';

/** Statuses whose answer has no body, which a Response must not be given one for. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * Playwright's request context as a fetch, so the shared client (packages/shared) calls through
 * it: `page.request` shares the page's cookies, so a session Better Auth sets in a call is the
 * page's session from then on.
 */
export function fetchThrough(request: APIRequestContext): FetchLike {
  return async (url, init) => {
    const answer = await request.fetch(url, {
      method: init.method,
      headers: init.headers as Record<string, string>,
      data: typeof init.body === 'string' ? init.body : undefined,
      maxRedirects: init.redirect === 'manual' ? 0 : undefined,
    });
    const headers = new Headers();
    for (const { name, value } of answer.headersArray()) headers.append(name, value);
    const body = NO_BODY.has(answer.status()) ? null : new Uint8Array(await answer.body());
    return new Response(body, { status: answer.status(), headers });
  };
}

/** The shop API, called through the contracts with `request`'s cookies (see `fetchThrough`). */
export const shopApi = (request: APIRequestContext): ApiClient =>
  createApiClient({ baseUrl: baseURL, fetch: fetchThrough(request) });

/**
 * Whether a URL is a call of `route` (any query): for `page.route` and `waitForResponse`, which
 * watch the calls the page makes itself.
 */
export const isCallOf =
  (route: { path: string }, input: { params?: unknown } = {}) =>
  (url: URL | string): boolean =>
    new URL(url, baseURL).pathname === apiPath(route, input);

/** What the shop's API answers, read the way the page reads it, to compare with the screen. */
export const getProducts = async (request: APIRequestContext) =>
  expectStatus(await shopApi(request).call(api.catalog.list), 200);

export const getReviews = async (request: APIRequestContext) =>
  expectStatus(await shopApi(request).call(api.reviews.list), 200);

/**
 * A seeded demo product, found by name. Admin journeys add and delete products while others run,
 * so a journey never takes "the first product"; each works on its own demo product and never
 * shares stock with another.
 */
export async function demoProduct(request: APIRequestContext, name: string): Promise<Product> {
  const product = (await getProducts(request)).find((p) => p.name.includes(name));
  if (!product) throw new Error(`no demo product named like ${name}`);
  return product;
}
