import { API_PREFIX, AUTH_PREFIX } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** One line of `printRoutes()`: the tree drawing, a path segment, then the methods, if any. */
const LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * The routes the app registered, read from Fastify's own route tree (`printRoutes`, which draws
 * the router's radix tree: a route's path is its segments joined from the root). HEAD routes
 * Fastify adds beside each GET, Better Auth's /api/auth/* and everything outside /api are left
 * out.
 */
export function registeredApiRoutes(app: FastifyInstance): RegisteredRoute[] {
  const prefixes: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const path = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!methods) continue;
    const list = methods.split(', ');
    for (const method of list) {
      if (method === 'HEAD' && list.includes('GET')) continue;
      routes.push({ method, url: path });
    }
  }
  return routes.filter(
    ({ url }) =>
      (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) &&
      !url.startsWith(`${API_PREFIX}${AUTH_PREFIX}/`),
  );
}
