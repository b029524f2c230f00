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

/**
 * SPEC's guarded purchase page (Buy Now). Signed out, or with a session the server cannot read,
 * it is one document for every product: SPEC's Loading... screen, until the browser has checked
 * the session. For a visitor whose session cookie the server reads, it is drawn for them, with
 * the product and their price: the authentication is resolved before the page is sent.
 */
export const PURCHASE_PAGE = '/purchase/:id' satisfies DocumentPage;

/**
 * The signed-in person a document is drawn for (a product or purchase page asked for with a
 * session cookie): what the page's islands would otherwise ask for first (the session, the admin
 * role), so the browser's first render is the server's.
 */
export interface DocumentVisitor {
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

/**
 * The id of the JSON (never run as script) in which a page carries what the server knew: a
 * rendered document's data for its islands, and the single-page app's shell the signed-in
 * visitor (`{ visitor }`, DocumentVisitor) when the server read their session cookie.
 */
export const PAGE_DATA_ID = 'page-data';

/** The id of the JSON a rendered document lists its scripts in, for DOCUMENT_BOOT_SCRIPT. */
export const DOCUMENT_SCRIPTS_ID = 'page-scripts';

/**
 * The one inline script of a rendered document (the Content-Security-Policy allows it by its
 * hash, apps/api/src/http/security.ts). It asks for the page's scripts after the first paint
 * instead of in the head: the page is complete HTML, its scripts only hydrate the islands, so
 * nothing the visitor sees waits for them, and the text and pictures get the connection first.
 * (Lighthouse's model of a slow phone counts every request made before the largest paint as
 * part of it: with the scripts in the head, `/` painted at 1.98 s instead of 0.9 s.) A tab opened
 * in the background paints no frame, so a timer starts them too. The list is JSON beside it
 * (DOCUMENT_SCRIPTS_ID), so this text and its hash are the same for every build.
 */
export const DOCUMENT_BOOT_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  `var list=JSON.parse(document.getElementById('${DOCUMENT_SCRIPTS_ID}').textContent);` +
  "list.preload.forEach(function(href){var link=document.createElement('link');" +
  "link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});" +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  'script.src=list.entry;document.head.appendChild(script)}' +
  'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000)})()';

/** What DOCUMENT_SCRIPTS_ID holds: the page's module script and the modules it imports. */
export interface DocumentScripts {
  entry: string;
  preload: string[];
}

/** What the server reads before rendering a document. */
export interface DocumentData {
  config: PublicConfig;
  /** The newest products (GET /items): the home page's cards. */
  products: Product[];
  /** The first page of the catalogue's default search (GET /products): /products' first answer. */
  productPage: ProductPage;
  reviews: Review[];
  /** The product of a product or purchase page (PRODUCT_PAGE, PURCHASE_PAGE); absent elsewhere. */
  product?: Product;
  /** Who the page is drawn for, when it is drawn for one person (DocumentVisitor). */
  visitor?: DocumentVisitor;
}

/** The web app's server render, as its build exports it (apps/web/src/entry-server.tsx). */
export interface DocumentRendererModule {
  /** `template`: the built document.html; `css`: the styles of what it renders, for inlining. */
  createDocumentRenderer(
    template: string,
    css: string,
  ): (page: DocumentPage, data: DocumentData, url?: string) => string;
}

/**
 * A chunk of the web app's build as Vite's manifest (`dist/.vite/manifest.json`) lists it, keyed
 * by its source (`src/app/routes/my-orders.tsx`): its file, its stylesheets, the chunks it imports.
 */
export interface BuildManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type BuildManifest = Record<string, BuildManifestChunk>;

/** What the server knows when it draws a single-page app's page for its signed-in visitor. */
export interface AppPageData {
  config: PublicConfig;
  visitor: DocumentVisitor;
}

/**
 * The web app's server render of its own pages (apps/web/src/entry-app-server.tsx): the pages of
 * the single-page app the server draws for the signed-in visitor of the session cookie (the
 * dashboard's, docs/decisions/037), which the browser hydrates instead of drawing them anew.
 */
export interface AppRendererModule {
  /** `template`: the built index.html; `manifest`: the client build's, for the pages' chunks. */
  createAppRenderer(
    template: string,
    manifest: BuildManifest,
  ): (url: string, data: AppPageData) => Promise<string | null>;
}
