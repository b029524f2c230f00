import { api, type Stats } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { statsCsv } from '../modules/stats/csv.js';
import { periodOf, readStats } from '../modules/stats/overview.js';
import { receivablesSummary } from '../modules/ledger/receivables.js';
import { backupStatus } from '../modules/stats/backups.js';

export interface StatsRoutesOptions {
  db: Db;
  guards: Guards;
  /** SHOP_TIME_ZONE: today, when no period is asked for, is the shop's today. */
  timeZone: string;
  /** BACKUP_DIR is set: backups are written on a schedule. */
  backupsScheduled: boolean;
}

/** The admin's Overview (issue 16): admins only. */
export const statsRoutes: FastifyPluginAsync<StatsRoutesOptions> = async (
  app,
  { db, guards, timeZone, backupsScheduled },
) => {
  // Revenue and customers' names: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  /** The sales of the period and, beside them, what the companies owe now. */
  const overview = async (query: Parameters<typeof periodOf>[0]): Promise<Stats> => {
    const [stats, receivables, backups] = await Promise.all([
      readStats(db, periodOf(query, timeZone), timeZone),
      receivablesSummary(db),
      backupStatus(db, backupsScheduled),
    ]);
    return { ...stats, receivables, backups };
  };

  serve(app, guards, api.stats.overview, (request) => overview(request.query));

  serve(app, guards, api.stats.csv, async (request, reply) => {
    const stats = await overview(request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="overview-${stats.from}-${stats.to}.csv"`,
      )
      .send(statsCsv(stats));
  });
};
