import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
} from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Keys a page of the list shows. */
export const API_KEYS_PAGE = 20;

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  page: (page: number, revoked: boolean) => ['api-keys', page, revoked] as const,
};

/** GET /api-keys: the keys the caller manages, newest first, revoked ones when asked. */
export function useApiKeys(page: number, revoked: boolean) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: apiKeyKeys.page(page, revoked),
    queryFn: ({ signal }) =>
      call(
        routes.apiKeys.list,
        {
          query: {
            page: String(page),
            limit: String(API_KEYS_PAGE),
            ...(revoked ? { revoked: 'true' } : {}),
          },
        },
        { schema: apiKeyListSchema, signal },
      ),
    enabled: hasAccessToken,
    placeholderData: keepPreviousData,
  });
}

/** POST /api-keys: the answer carries the secret, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyInput): Promise<ApiKeyCreated> =>
      call(routes.apiKeys.create, { body }, { schema: apiKeyCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
    // The answer holds the secret: the mutation cache drops it as soon as the form lets go.
    gcTime: 0,
  });
}

/** DELETE /api-keys/{id}. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<ApiKey> =>
      call(routes.apiKeys.revoke, { params: { id } }, { schema: apiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
