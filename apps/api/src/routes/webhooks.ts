import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import {
  createWebhook,
  listWebhooksFor,
  removeWebhook,
  resendWebhookDelivery,
  webhookDeliveries,
} from '../workflows/webhooks/manage.js';
import { serve } from './endpoint.js';

const { webhooks } = api;

export interface WebhookRoutesOptions {
  db: Db;
  guards: Guards;
  /** WEBHOOK_ALLOW_PRIVATE: subscriptions may name private and loopback addresses. */
  allowPrivate: boolean;
}

/** Webhooks (issue 32, docs/decisions/054), registered from their contracts. */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (
  app,
  { db, guards, allowPrivate },
) => {
  serve(app, guards, webhooks.create, async (request) =>
    createWebhook(db, currentUser(request), request.body, allowPrivate),
  );
  serve(app, guards, webhooks.list, async (request) =>
    listWebhooksFor(db, currentUser(request), request.query),
  );
  serve(app, guards, webhooks.remove, async (request) =>
    removeWebhook(db, currentUser(request), request.params.id),
  );
  serve(app, guards, webhooks.deliveries, async (request) =>
    webhookDeliveries(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, webhooks.resend, async (request) =>
    resendWebhookDelivery(db, currentUser(request), request.params.id, request.params.deliveryId),
  );
};
