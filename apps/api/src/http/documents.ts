import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DOCUMENT_PAGES,
  idSchema,
  PRODUCT_PAGE,
  productPagePath,
  PURCHASE_PAGE,
  type DocumentData,
  type DocumentPage,
  type DocumentRendererModule,
  type DocumentVisitor,
  fromCents,
  type Product,
} from '@shop/shared';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PREPARED_ROUTE_CONFIG,
  prepareText,
  sendPrepared,
  type PreparedAnswer,
} from './prepared-answer.js';

const HTML_TYPE = 'text/html; charset=utf-8';

/** A rendered page, its ETag and its compressed copies (made once each, http/prepared-answer.ts). */
interface Rendered {
  key: string;
  /** When it was rendered. */
  renderedAt: number;
  /** When its data was last read (then or later). */
  checkedAt: number;
  answer: PreparedAnswer;
}

/** How long a rendered page is reused before its data is read again (as the catalogue's copy). */
const MAX_AGE_MS = 1_000;
const DAY_MS = 24 * 3600_000;

/** Product pages kept rendered at once: the most recently asked for; the others render again. */
export const PRODUCT_PAGES_CACHED = 200;

export interface DocumentSource {
  /** Reads what the page shows; `key` changes whenever the data does (the catalogue's ETag...). */
  load(): Promise<{ key: string; data: DocumentData }>;
  /**
   * One product for its page (PRODUCT_PAGE), or null when no product has this (valid) id; `key`
   * changes whenever the product does (its ETag in the catalogue's copy).
   */
  product(id: string): Promise<{ key: string; product: Product } | null>;
  /**
   * The signed-in person the request's session cookie names, with their company's contract
   * prices (cents by product id; empty outside a company), or null for everyone else. Called
   * for product and purchase pages only: a member's product page shows their price (issue 28),
   * and the guarded purchase page is drawn for the person asking.
   */
  visitor?(headers: IncomingHttpHeaders): Promise<SignedInVisitor | null>;
}

export interface SignedInVisitor {
  visitor: DocumentVisitor;
  contractPrices: Map<string, number>;
}

/** A render for one person: kept by no cache, shared or private. */
const PRIVATE_PAGE = { 'cache-control': 'private, no-store', vary: 'cookie, accept-encoding' };

/** The product as this visitor buys it: with their contract price, when they have one. */
function productFor(product: Product, visitor: SignedInVisitor): Product {
  const contractPrice = visitor.contractPrices.get(product._id);
  return contractPrice === undefined
    ? product
    : { ...product, contractPrice: fromCents(contractPrice) };
}

/**
 * The stylesheet every document carries inline in its head (entry-server.tsx), exactly as it is
 * put there; null without the web app's build of its server render. The Content-Security-
 * Policy allows this one <style> by its hash (http/security.ts), and no other inline style.
 */
export function readDocumentCss(distDir: string): string | null {
  const serverDir = path.join(distDir, '..', 'dist-server');
  const entry = path.join(serverDir, 'entry-server.js');
  const template = path.join(distDir, 'document.html');
  if (!existsSync(entry) || !existsSync(template)) return null;
  const assets = path.join(serverDir, 'assets');
  return (
    readdirSync(assets)
      // The entry's own styles (scripts/build-server-render.mjs); lazily loaded parts bring theirs.
      .filter((file) => file.startsWith('entry-server-') && file.endsWith('.css'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n')
  );
}

/**
 * Serves the pages the web app renders on the server (docs/decisions/015): the home page with its
 * products, reviews and the shop's name in the HTML, styled inline, hydrating only its islands.
 * The render runs when the data has changed (at most once a second, like the catalogue's copy),
 * not per request; each render is compressed once per encoding it is asked in. Without the web
 * app's build of its server render (an API-only build), nothing is registered.
 */
export async function registerDocuments(
  app: FastifyInstance,
  distDir: string,
  source: DocumentSource,
): Promise<boolean> {
  const css = readDocumentCss(distDir);
  if (css === null) return false;
  const entry = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  const template = path.join(distDir, 'document.html');
  const web = (await import(pathToFileURL(entry).href)) as DocumentRendererModule;
  const renderDocument = web.createDocumentRenderer(readFileSync(template, 'utf8'), css);

  /** One page's latest render, renewed when it is older than MAX_AGE_MS and asked for. */
  const renderer = (url: DocumentPage) => {
    let current: Rendered | null = null;
    let rendering: Promise<Rendered> | null = null;
    const render = async (): Promise<Rendered> => {
      const { key, data } = await source.load();
      // The same data renders the same page (but for the footer's year, hence a day at most).
      const now = Date.now();
      if (current?.key === key && now - current.renderedAt < DAY_MS) {
        current = { ...current, checkedAt: now };
        return current;
      }
      const answer = prepareText(renderDocument(url, data), HTML_TYPE);
      current = { key, renderedAt: now, checkedAt: now, answer };
      return current;
    };
    return (): Promise<Rendered> | Rendered => {
      if (current && Date.now() - current.checkedAt < MAX_AGE_MS) return current;
      rendering ??= render().finally(() => {
        rendering = null;
      });
      return rendering;
    };
  };

  for (const url of DOCUMENT_PAGES) {
    if (url === PRODUCT_PAGE || url === PURCHASE_PAGE) continue;
    const page = renderer(url);
    app.get(url, { config: PREPARED_ROUTE_CONFIG }, async (request, reply) =>
      sendPrepared(request, reply, (await page()).answer),
    );
  }

  // The product page: one render per product, in a cache bounded to the products most recently
  // asked for (a crawler walking the whole catalogue evicts the oldest, it does not grow it),
  // renewed when the product changes (its ETag), checked at most once a second like the others.
  // An unknown or malformed id gets the page's 404 render, one for every such id.
  const notFound = renderer(PRODUCT_PAGE);
  const productPages = new Map<string, Rendered>();
  const productRenders = new Map<string, Promise<Rendered | null>>();
  const renderProduct = async (id: string): Promise<Rendered | null> => {
    const found = await source.product(id);
    if (!found) {
      productPages.delete(id);
      return null;
    }
    const now = Date.now();
    const kept = productPages.get(id);
    let rendered: Rendered;
    if (kept?.key === found.key && now - kept.renderedAt < DAY_MS) {
      rendered = { ...kept, checkedAt: now };
    } else {
      const { data } = await source.load();
      const html = renderDocument(
        PRODUCT_PAGE,
        { ...data, product: found.product },
        `/products/${id}`,
      );
      rendered = {
        key: found.key,
        renderedAt: now,
        checkedAt: now,
        answer: prepareText(html, HTML_TYPE),
      };
    }
    // Most recently used last; the first is the one to evict.
    productPages.delete(id);
    productPages.set(id, rendered);
    if (productPages.size > PRODUCT_PAGES_CACHED) {
      const oldest = productPages.keys().next().value;
      if (oldest !== undefined) productPages.delete(oldest);
    }
    return rendered;
  };
  const productPage = (id: string): Promise<Rendered | null> | Rendered => {
    const kept = productPages.get(id);
    if (kept && Date.now() - kept.checkedAt < MAX_AGE_MS) return kept;
    let rendering = productRenders.get(id);
    if (!rendering) {
      rendering = renderProduct(id).finally(() => productRenders.delete(id));
      productRenders.set(id, rendering);
    }
    return rendering;
  };

  /** The visitor of a request that carries a session cookie the server reads, else null. */
  const visitorOf = async (request: FastifyRequest, id: string) =>
    idSchema.safeParse(id).success && source.visitor ? await source.visitor(request.headers) : null;

  /** A page drawn for one visitor, with the product as they buy it; null without the product. */
  const renderForVisitor = async (page: DocumentPage, id: string, visitor: SignedInVisitor) => {
    const found = await source.product(id);
    if (!found) return null;
    const { data } = await source.load();
    const product = productFor(found.product, visitor);
    const url = page === PRODUCT_PAGE ? productPagePath(id) : `/purchase/${encodeURIComponent(id)}`;
    return renderDocument(page, { ...data, product, visitor: visitor.visitor }, url);
  };

  app.get<{ Params: { id: string } }>(
    PRODUCT_PAGE,
    { config: PREPARED_ROUTE_CONFIG },
    async (request, reply) => {
      const { id } = request.params;
      // A company member with a contract price for this product gets a page of their own, drawn
      // per request and kept by no cache; everyone else shares the cached render (anonymous
      // visitors never wait for a session lookup: no session cookie, no lookup).
      const visitor = await visitorOf(request, id);
      if (visitor?.contractPrices.has(id)) {
        const html = await renderForVisitor(PRODUCT_PAGE, id, visitor);
        if (html !== null) return reply.type(HTML_TYPE).headers(PRIVATE_PAGE).send(html);
      }
      const rendered = idSchema.safeParse(id).success ? await productPage(id) : null;
      if (rendered) return sendPrepared(request, reply, rendered.answer);
      return sendPrepared(request, reply.code(404), (await notFound()).answer);
    },
  );

  // The purchase page (PURCHASE_PAGE): drawn for a signed-in visitor, with the product and their
  // price; everyone else gets the one Loading... document, which checks the session in the browser.
  const purchaseShell = renderer(PURCHASE_PAGE);
  app.get<{ Params: { id: string } }>(
    PURCHASE_PAGE,
    { config: PREPARED_ROUTE_CONFIG },
    async (request, reply) => {
      const { id } = request.params;
      const visitor = await visitorOf(request, id);
      const html = visitor ? await renderForVisitor(PURCHASE_PAGE, id, visitor) : null;
      if (html !== null) return reply.type(HTML_TYPE).headers(PRIVATE_PAGE).send(html);
      return sendPrepared(request, reply, (await purchaseShell()).answer);
    },
  );
  return true;
}
