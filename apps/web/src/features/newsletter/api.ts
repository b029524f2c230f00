import type { SubscribeInput, SubscribeResult } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { call, routes } from '../../lib/api-client';

/**
 * 201 for a new address, 200 with alreadySubscribed for a repeat: both are a success here. The
 * form is on the home page, so the answer is trusted without a schema (docs/decisions/008).
 */
export function subscribe(input: SubscribeInput): Promise<SubscribeResult> {
  return call(routes.newsletter.subscribe, { body: input });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
