import type { PublicConfig } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Shown until GET /config answers, and if it never does. */
export const DEFAULT_SHOP_NAME = 'PartsWorks';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/config', { signal });
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
