import type { SubscribeInput, SubscribeResult } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** 201 for a new address, 200 with alreadySubscribed for a repeat: both are a success here. */
export function subscribe(input: SubscribeInput): Promise<SubscribeResult> {
  return apiRequest<SubscribeResult>('/subscribe', { method: 'POST', body: input });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
