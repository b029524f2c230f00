import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { statsCsv } from '../modules/stats/csv.js';
import { periodOf, readStats } from '../modules/stats/overview.js';

export interface StatsRoutesOptions {
  db: Db;
  guards: Guards;
  /** SHOP_TIME_ZONE: today, when no period is asked for, is the shop's today. */
  timeZone: string;
}

/** The admin's Overview (issue 16): admins only. */
export const statsRoutes: FastifyPluginAsync<StatsRoutesOptions> = async (
  app,
  { db, guards, timeZone },
) => {
  // Revenue and customers' names: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  serve(app, guards, api.stats.overview, (request) =>
    readStats(db, periodOf(request.query, timeZone), timeZone),
  );

  serve(app, guards, api.stats.csv, async (request, reply) => {
    const stats = await readStats(db, periodOf(request.query, timeZone), timeZone);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="overview-${stats.from}-${stats.to}.csv"`,
      )
      .send(statsCsv(stats));
  });
};
