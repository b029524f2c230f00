import type { Product } from './catalog.js';
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

/** What the server reads before rendering a document. */
export interface DocumentData {
  config: PublicConfig;
  products: Product[];
  reviews: Review[];
}

/** The web app's server render, as its build exports it (apps/web/src/entry-server.tsx). */
export interface DocumentRendererModule {
  /** `template`: the built document.html; `css`: the styles of what it renders, for inlining. */
  createDocumentRenderer(
    template: string,
    css: string,
  ): (page: DocumentPage, data: DocumentData) => string;
}
