import type { APIRequestContext } from '@playwright/test';
import type { Product, Review } from '@shop/shared';

/** What the shop's API answers, read the way the page reads it, to compare with the screen. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  if (!response.ok()) throw new Error(`GET /api${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

export const getProducts = (request: APIRequestContext) => getJson<Product[]>(request, '/items');
export const getReviews = (request: APIRequestContext) => getJson<Review[]>(request, '/reviews');

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
