import { download, routes } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { StatsPeriod } from './overview-keys';

/** Saves the period's figures as the API's CSV (GET /admin/stats.csv): overview-<from>-<to>.csv. */
export async function downloadStatsCsv(period: StatsPeriod): Promise<void> {
  const blob = await download(routes.stats.csv, { query: period });
  saveFile(blob, `overview-${period.from}-${period.to}.csv`);
}
