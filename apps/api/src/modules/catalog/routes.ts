import fastifyEtag from '@fastify/etag';
import { api } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { currentUser, type Guards } from '../../auth/guards.js';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { serve } from '../../http/endpoint.js';
import { notFound } from '../../http/errors.js';
import { addProduct, editProduct, removeProduct } from './admin-service.js';
import { catalogMessages, getProduct, listProducts } from './service.js';
import { catalogSnapshot, type WireBody } from './snapshot.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const { catalog } = api;

export interface CatalogRoutesOptions {
  db: Db;
  identity: Identity;
}

const readRoutes: FastifyPluginAsync<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // Registered in this scope only: the catalogue is read far more than it changes, so
  // browsers revalidate with If-None-Match and get a bodiless 304 when nothing changed. The
  // tag is a hash of the answer, so an admin's change gives a new tag at once.
  await app.register(fastifyEtag, { weak: true });
  // `no-cache` means "revalidate every time": an admin's edit shows up on the next load.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-cache');
    return payload;
  });

  const snapshot = () => catalogSnapshot(db, () => listProducts(db));
  // The answers are sent as the snapshot's serialized text with its ETag, so neither the
  // serializer nor the ETag hash runs per request; the schemas still document the contract.
  const sendWire = (reply: FastifyReply, wire: WireBody) =>
    reply.header('etag', wire.etag).type(JSON_TYPE).send(wire.body);

  serve(app, guards, catalog.list, async (_request, reply) =>
    sendWire(reply, (await snapshot()).list),
  );

  serve(app, guards, catalog.get, async (request, reply) => {
    const cached = (await snapshot()).byId.get(request.params.id);
    if (cached) return sendWire(reply, cached);
    // Not in this instance's copy: it may have been added through another instance a moment
    // ago, so the database has the last word.
    const product = await getProduct(db, request.params.id);
    if (!product) throw notFound(catalogMessages.notFound);
    return product;
  });
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
};

export const catalogRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, options) => {
  await app.register(readRoutes, { db: options.db, guards: options.identity.guards });
  await app.register(adminRoutes, options);
};
