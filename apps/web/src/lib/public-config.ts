import type { PublicConfig } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from './api-client';

/** Shown until the public settings arrive, and if they never do. */
export const DEFAULT_SHOP_NAME = 'PartsWorks';

/** Every page reads these, so the answer is trusted without a schema (docs/decisions/008). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call(routes.settings.config, {}, { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

export function useShopName(): string {
  const { data } = usePublicConfig();
  return data?.shopName ?? DEFAULT_SHOP_NAME;
}
