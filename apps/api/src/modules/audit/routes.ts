import { apiErrorSchema, auditPageSchema, pageQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { listAudit } from './service.js';

export interface AuditRoutesOptions {
  db: Db;
  identity: Identity;
}

/** The audit log of admin actions (issue 10): admins only. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (
  app,
  { db, identity },
) => {
  app.addHook('onRequest', identity.guards.requireAdmin);
  // Who did what to whom, with customers' emails: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // A static segment: the router prefers it to GET /admin/{email}, and "audit" is no email.
  app.get(
    '/admin/audit',
    {
      schema: {
        querystring: pageQuerySchema,
        response: {
          200: auditPageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
