import type { Counter } from 'prom-client';
import type { Db } from '../db/client.js';

/*
 * What the buying workflow counts for GET /metrics (issue 33, http/metrics.ts): purchases placed,
 * by how they go on (card, account, approval), and refused, by why. Counted after the commit, by
 * the instance that placed them; nothing is counted when the shop runs without METRICS_TOKEN.
 */

/** Why a purchase was refused: the rule that refused it (a label of a Prometheus counter). */
export type RefusalReason =
  | 'terms'
  | 'quote'
  | 'lines'
  | 'shipping_or_tax'
  | 'card_limit'
  | 'unverified_hold'
  | 'unpaid_limit'
  | 'awaiting_limit'
  | 'credit';

export interface BuyingMetrics {
  placed: Counter<'way'>;
  refused: Counter<'reason'>;
}

const byDb = new WeakMap<Db, BuyingMetrics>();

/** The counters of the app on `db`, when it serves /metrics. */
export const buyingMetricsOf = (db: Db): BuyingMetrics | undefined => byDb.get(db);

export function countBuyingOn(db: Db, metrics: BuyingMetrics): void {
  byDb.set(db, metrics);
}
