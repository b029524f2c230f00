import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth/guards.js';
import type { Identity } from '../auth/identity.js';
import type { Db, Tx } from '../db/client.js';
import { serve } from './endpoint.js';
import {
  listShopUsers,
  pageShopUsers,
  demoteUser,
  promoteUser,
  removeUser,
} from '../modules/users/admin-service.js';

const { users } = api;

export interface UserAdminRoutesOptions {
  db: Db;
  identity: Identity;
  /** Refuses removing an account another module still needs (a company's last owner). */
  beforeRemove?: (tx: Tx, email: string) => Promise<void>;
}

/**
 * Make Admin page: the user list, promotion and removal; admins only (each contract's access
 * puts the admin guard first on the route). PUT /user/admin/{email} sits beside PUT
 * /user/{email} (the shop token): the router prefers the static segment `admin/`, and no email
 * can be the word "admin", so neither shadows the other.
 */
export const userAdminRoutes: FastifyPluginAsync<UserAdminRoutesOptions> = async (
  app,
  { db, identity, beforeRemove },
) => {
  const { guards } = identity;
  serve(app, guards, users.list, (request) => listShopUsers(db, request.query));
  serve(app, guards, users.page, (request) => pageShopUsers(db, request.query));

  // SPEC's client sends the acting admin's email in the body; the token says who acts.
  serve(app, guards, users.promote, async (request) => ({
    acknowledged: true as const,
    user: await promoteUser(db, currentUser(request), request.params.email),
  }));

  serve(app, guards, users.demote, async (request) => ({
    acknowledged: true as const,
    user: await demoteUser(db, currentUser(request), request.params.email),
  }));

  serve(app, guards, users.remove, async (request) => ({
    acknowledged: true as const,
    deletedCount: await removeUser(db, currentUser(request), request.params.email, {
      beforeRemove,
      afterRemove: identity.endSessions,
    }),
  }));
};
