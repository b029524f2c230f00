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
