import * as apiKeys from './api-keys.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as catalog from './catalog.js';
import * as companies from './companies.js';
import * as creditNotes from './credit-notes.js';
import * as docs from './docs.js';
import * as identity from './identity.js';
import * as jobs from './jobs.js';
import * as locations from './locations.js';
import * as newsletter from './newsletter.js';
import * as orders from './orders.js';
import * as payments from './payments.js';
import * as profile from './profile.js';
import * as purchases from './purchases.js';
import * as quotes from './quotes.js';
import * as reviews from './reviews.js';
import * as settings from './settings.js';
import * as shipping from './shipping.js';
import * as stats from './stats.js';
import * as tax from './tax.js';
import * as users from './users.js';
import * as webhooks from './webhooks.js';
import { routeTable, type EndpointSpec } from './contract.js';

export * from './contract.js';
export * from './client.js';

/**
 * Every endpoint of the shop API, by resource: `api.orders.place` is POST /order. The server
 * registers from these (all but `auth`, which Better Auth serves), the OpenAPI document is
 * generated from them, and every caller calls through them.
 */
export const api = {
  settings,
  identity,
  users,
  profile,
  catalog,
  reviews,
  orders,
  purchases,
  creditNotes,
  quotes,
  companies,
  locations,
  shipping,
  payments,
  apiKeys,
  webhooks,
  jobs,
  audit,
  stats,
  tax,
  newsletter,
  docs,
  auth,
};
export type Api = typeof api;

/** Resources whose routes Better Auth serves, not the shop's own handlers. */
export const servedByBetterAuth: ReadonlySet<keyof Api> = new Set(['auth']);

/** Every endpoint, with its resource and name, in the order of `api`. */
export function listEndpoints(): { resource: keyof Api; name: string; endpoint: EndpointSpec }[] {
  return Object.entries(api).flatMap(([resource, endpoints]) =>
    Object.entries(endpoints as Record<string, EndpointSpec>).map(([name, endpoint]) => ({
      resource: resource as keyof Api,
      name,
      endpoint,
    })),
  );
}

/** Method and path of every endpoint, zod-free: what the web app's bundle carries. */
export const apiRoutes = () => routeTable(api);
