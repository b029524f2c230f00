import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Identity } from '../auth/identity.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { listAudit } from '../kernel/audit.js';

export interface AuditRoutesOptions {
  db: Db;
  identity: Identity;
}

/** The audit log of admin actions: admins only. */
export const auditRoutes: FastifyPluginAsync<AuditRoutesOptions> = async (
  app,
  { db, identity },
) => {
  // A static segment: the router prefers it to GET /admin/{email}, and "audit" is no email.
  serve(app, identity.guards, api.audit.list, async (request) => listAudit(db, request.query));
};
