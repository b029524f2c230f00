import fastifyEtag from '@fastify/etag';
import {
  apiErrorSchema,
  deletedSchema,
  idParamsSchema,
  productCreatedSchema,
  productInputSchema,
  productSchema,
  productUpdatedSchema,
  productUpdateSchema,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../auth/guards.js';
import { addProduct, editProduct, removeProduct } from './admin-service.js';
import { catalogMessages, getProduct, listProducts } from './service.js';
import { catalogSnapshot, type WireBody } from './snapshot.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface CatalogRoutesOptions {
  db: Db;
  identity: Identity;
}

const readRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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

  app.get(
    '/items',
    { schema: { response: { 200: z.array(productSchema) } } },
    async (_request, reply) => sendWire(reply, (await snapshot()).list),
  );

  app.get(
    '/item/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const cached = (await snapshot()).byId.get(request.params.id);
      if (cached) return sendWire(reply, cached);
      // Not in this instance's copy: it may have been added through another instance a moment
      // ago, so the database has the last word.
      const product = await getProduct(db, request.params.id);
      if (!product) throw notFound(catalogMessages.notFound);
      return product;
    },
  );
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Add, edit and delete products: admins only (DESIGN section 5). */
const adminRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { db, identity }) => {
  // onRequest: a stranger is turned away before the body is even parsed.
  app.addHook('onRequest', identity.guards.requireAdmin);

  app.post(
    '/item',
    { schema: { body: productInputSchema, response: { 201: productCreatedSchema, ...errors } } },
    async (request, reply) => {
      const product = await addProduct(db, currentUser(request), request.body);
      return reply
        .code(201)
        .send({ acknowledged: true as const, insertedId: product._id, product });
    },
  );

  app.put(
    '/item/:id',
    {
      schema: {
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: productUpdatedSchema, ...errors },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      product: await editProduct(db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/item/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: await removeProduct(db, currentUser(request), request.params.id),
    }),
  );
};

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  await app.register(readRoutes, { db: options.db });
  await app.register(adminRoutes, options);
};
