import { api, CATALOG_IMPORT_CHARS_MAX, fromCents, type Product } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Identity } from '../auth/identity.js';
import type { Db } from '../db/client.js';
import { csvImportBodyLimit } from '../http/csv.js';
import { refuseFiltersWithSync } from '../http/sync-query.js';
import { serve } from './endpoint.js';
import { notFound } from '../http/errors.js';
import { PREPARED_ROUTE_CONFIG, prepareJson, sendPrepared } from '../http/prepared-answer.js';
import { Readable } from 'node:stream';
import { addProduct, editProduct, removeProduct } from '../modules/catalog/admin-service.js';
import { catalogCsv, importCatalog } from '../modules/catalog/csv.js';
import { catalogMessages, getProduct, listProducts } from '../modules/catalog/service.js';
import { productChanges, searchProducts } from '../modules/catalog/search.js';
import { catalogSnapshot, freshCatalog } from '../modules/catalog/snapshot.js';
import { memberContractPrices } from '../modules/companies/prices.js';

const { catalog } = api;

export interface CatalogRoutesOptions {
  db: Db;
  identity: Identity;
}

const readRoutes: FastifyPluginAsync<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // The catalogue is read far more than it changes. Both routes answer from the in-memory copy
  // (snapshot.ts) as prepared bytes: the JSON text, its weak ETag (a hash of the text, so an
  // admin's change gives a new tag at once) and a copy per encoding are made once per content,
  // so no serializer, hash or compression runs per request (http/prepared-answer.ts). Browsers
  // revalidate with If-None-Match and get a bodiless 304 while nothing changed.
  const snapshot = () => catalogSnapshot(db, () => listProducts(db));
  const prepared = { config: PREPARED_ROUTE_CONFIG };

  /**
   * The contract prices of the caller's company (issue 15), when the request carries the token
   * of a member of a company that has any; null for everyone else, who get the shared copy. A
   * token that is not good is taken as no token: these reads are public.
   */
  const contractPricesFor = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Map<string, number> | null> => {
    if (!request.headers.authorization) return null;
    try {
      await guards.requireUser(request, reply);
    } catch {
      return null;
    }
    const prices = await memberContractPrices(db, currentUser(request));
    return prices.size > 0 ? prices : null;
  };
  /** A member's own answer: never kept by a shared cache. */
  const personal = (reply: FastifyReply) =>
    reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
  const withContractPrice = (product: Product, prices: Map<string, number>): Product => {
    // The company's prices are cents, like every amount the server keeps; the answer is dollars.
    const contractPrice = prices.get(product._id);
    return contractPrice === undefined
      ? product
      : { ...product, contractPrice: fromCents(contractPrice) };
  };

  serve(
    app,
    guards,
    catalog.list,
    async (request, reply) => {
      const prices = await contractPricesFor(request, reply);
      if (prices) {
        personal(reply);
        return (await listProducts(db)).map((product) => withContractPrice(product, prices));
      }
      // A current copy answers at once (most requests).
      const fresh = freshCatalog(db);
      if (fresh) return sendPrepared(request, reply, fresh.list);
      return snapshot().then(({ list }) => sendPrepared(request, reply, list));
    },
    prepared,
  );

  // A member's search shows their company's prices (issue 28: the buyer's price on search
  // results too); everyone else's answer is the same for all.
  serve(app, guards, catalog.search, async (request, reply) => {
    const { updatedSince, ...search } = request.query;
    if (updatedSince !== undefined) {
      const { q, category, stock } = search;
      refuseFiltersWithSync(search.page, { q, category, stock });
    }
    const [page, prices] = await Promise.all([
      updatedSince === undefined
        ? searchProducts(db, search)
        : productChanges(db, { since: updatedSince, limit: search.limit }),
      contractPricesFor(request, reply),
    ]);
    if (!prices) return page;
    personal(reply);
    return { ...page, items: page.items.map((product) => withContractPrice(product, prices)) };
  });

  serve(
    app,
    guards,
    catalog.get,
    async (request, reply) => {
      const { id } = request.params;
      const prices = await contractPricesFor(request, reply);
      if (prices) {
        const product = await getProduct(db, id);
        if (!product) throw notFound(catalogMessages.notFound);
        personal(reply);
        return withContractPrice(product, prices);
      }
      const cached = (freshCatalog(db) ?? (await snapshot())).byId.get(id);
      if (cached) return sendPrepared(request, reply, cached);
      // Not in this instance's copy: it may have been added through another instance a moment
      // ago, so the database has the last word.
      const product = await getProduct(db, id);
      if (!product) throw notFound(catalogMessages.notFound);
      return sendPrepared(request, reply, prepareJson(product));
    },
    prepared,
  );
};

/** Add, edit and delete products: admins only (DESIGN section 5). */
const adminRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { db, identity }) => {
  const { guards } = identity;
  serve(app, guards, catalog.create, async (request) => {
    const product = await addProduct(db, currentUser(request), request.body);
    return { acknowledged: true as const, insertedId: product._id, product };
  });

  serve(app, guards, catalog.update, async (request) => ({
    acknowledged: true as const,
    product: await editProduct(db, currentUser(request), request.params.id, request.body),
  }));

  serve(app, guards, catalog.remove, async (request) => ({
    acknowledged: true as const,
    deletedCount: await removeProduct(db, currentUser(request), request.params.id),
  }));

  serve(app, guards, catalog.exportCsv, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
      .send(Readable.from(catalogCsv(db)));
  });

  // A catalogue's CSV is larger than any other body the shop takes (the schema caps its text).
  serve(
    app,
    guards,
    catalog.importCsv,
    async (request) =>
      importCatalog(db, currentUser(request), request.body.csv, request.body.dryRun),
    { bodyLimit: csvImportBodyLimit(CATALOG_IMPORT_CHARS_MAX) },
  );
};

export const catalogRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, options) => {
  await app.register(readRoutes, { db: options.db, guards: options.identity.guards });
  await app.register(adminRoutes, options);
};
