import {
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookInput,
} from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Rows a page of either list shows. */
export const WEBHOOKS_PAGE = 20;

export const webhookKeys = {
  all: ['webhooks'] as const,
  page: (page: number) => ['webhooks', 'list', page] as const,
  deliveries: (id: string, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

const paging = (page: number) => ({ page: String(page), limit: String(WEBHOOKS_PAGE) });

/** GET /webhooks: the subscriptions the caller manages, newest first. */
export function useWebhooks(page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: webhookKeys.page(page),
    queryFn: ({ signal }) =>
      call(routes.webhooks.list, { query: paging(page) }, { schema: webhookListSchema, signal }),
    enabled: hasAccessToken,
    placeholderData: keepPreviousData,
  });
}

/** GET /webhooks/{id}/deliveries: the delivery log of one subscription, newest first. */
export function useWebhookDeliveries(id: string, page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      call(
        routes.webhooks.deliveries,
        { params: { id }, query: paging(page) },
        { schema: webhookDeliveryListSchema, signal },
      ),
    enabled: hasAccessToken,
    placeholderData: keepPreviousData,
  });
}

/** POST /webhooks: the answer carries the signing secret, this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput): Promise<WebhookCreated> =>
      call(routes.webhooks.create, { body }, { schema: webhookCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
    // The answer holds the secret: the mutation cache drops it as soon as the form lets go.
    gcTime: 0,
  });
}

/** DELETE /webhooks/{id}. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Webhook> =>
      call(routes.webhooks.remove, { params: { id } }, { schema: webhookSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** POST /webhooks/{id}/deliveries/{deliveryId}/resend. */
export function useResendDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string): Promise<WebhookDelivery> =>
      call(
        routes.webhooks.resend,
        { params: { id, deliveryId } },
        { schema: webhookDeliverySchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
