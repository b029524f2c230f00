import { statsSchema, todayIn, type Stats } from '@shop/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { overviewKeys, type StatsPeriod } from './overview-keys';

/** GET /admin/stats: every figure of the Overview for one period, in one answer. */
export function getStats(period: StatsPeriod, signal?: AbortSignal): Promise<Stats> {
  return call(routes.stats.overview, { query: period }, { schema: statsSchema, signal });
}

export function useStats(period: StatsPeriod) {
  const queryClient = useQueryClient();
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: overviewKeys.stats(period),
    queryFn: async ({ signal }) => {
      const stats = await getStats(period, signal);
      queryClient.setQueryData(overviewKeys.timeZone, stats.timeZone);
      return stats;
    },
    // The figures shown stay on screen, marked busy, while another period loads.
    placeholderData: keepPreviousData,
    enabled: hasAccessToken,
  });
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Today in the shop's time zone (SHOP_TIME_ZONE), which every answer names. Before the first
 * answer it is the browser's today: an admin usually works where the shop is, and a preset asked
 * for with the wrong today is asked again, once, when the answer says the shop's zone.
 */
export function useShopToday(): string {
  const { data: timeZone } = useQuery({
    queryKey: overviewKeys.timeZone,
    queryFn: browserTimeZone,
    initialData: browserTimeZone,
    staleTime: Infinity,
  });
  return todayIn(timeZone);
}
