import type { Product, ProductPage } from './catalog.js';
import type { Review } from './reviews.js';
import type { PublicConfig } from './settings.js';

/**
 * The pages the server renders as documents with their data, hydrating only their islands
 * (docs/decisions/015): the API serves them, the web app renders them and hands a visit to one
 * of them to the browser. Each later public page joins here. Written as route patterns (the
 * same syntax for Fastify and React Router): a page with a parameter (`/purchase/:id`) is one
 * document for every value, whose islands read the value from the address in the browser.
 */
export const DOCUMENT_PAGES = [
  '/',
  '/products',
  '/products/:id',
  '/blog',
  '/myportfolio',
  '/about',
  '/purchase/:id',
  '/login',
  '/signup',
] as const;

export type DocumentPage = (typeof DOCUMENT_PAGES)[number];

/** Where the site serves files outside the API and the web app's build: uploaded pictures. */
export const UPLOADS_PREFIX = '/uploads/';
export const SITE_FILE_PREFIXES = [UPLOADS_PREFIX] as const;

/**
 * The product page: one document per product (not per pattern), rendered with that product and
 * kept in a bounded cache by product id and the product's version (apps/api/src/http/documents.ts).
 */
export const PRODUCT_PAGE = '/products/:id' satisfies DocumentPage;
export const productPagePath = (id: string) => `/products/${encodeURIComponent(id)}`;

/** What the server reads before rendering a document. */
export interface DocumentData {
  config: PublicConfig;
  /** The newest products (GET /items): the home page's cards. */
  products: Product[];
  /** The first page of the catalogue's default search (GET /products): /products' first answer. */
  productPage: ProductPage;
  reviews: Review[];
  /** The product of a product page (PRODUCT_PAGE); absent on every other page. */
  product?: Product;
}

/** The web app's server render, as its build exports it (apps/web/src/entry-server.tsx). */
export interface DocumentRendererModule {
  /** `template`: the built document.html; `css`: the styles of what it renders, for inlining. */
  createDocumentRenderer(
    template: string,
    css: string,
  ): (page: DocumentPage, data: DocumentData, url?: string) => string;
}
