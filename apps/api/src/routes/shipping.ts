import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import {
  listShippingMethods,
  replaceShippingMethods,
  shippingOptions,
} from '../modules/shipping/service.js';
import { serve } from './endpoint.js';

const { shipping } = api;

/** Shipping methods and their rates (DESIGN section 9; decision 036). */
export const shippingRoutes: FastifyPluginAsync<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  serve(app, guards, shipping.options, (request) => shippingOptions(db, request.query));
  serve(app, guards, shipping.list, () => listShippingMethods(db));
  serve(app, guards, shipping.replace, async (request) => ({
    acknowledged: true as const,
    methods: await replaceShippingMethods(db, currentUser(request), request.body.methods),
  }));
};
