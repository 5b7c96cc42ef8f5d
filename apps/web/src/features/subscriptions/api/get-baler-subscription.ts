import {
  type BalerSubscription,
  balerSubscriptionSchema,
} from '@baletrack/contracts/subscriptions/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** GET /subscriptions/{balerId}: the baler's month grid and auto-renew. */
export async function getBalerSubscription(
  balerId: string,
  signal?: AbortSignal,
): Promise<BalerSubscription> {
  return balerSubscriptionSchema.parse(await userApi.get(`/subscriptions/${balerId}`, { signal }));
}

export function balerSubscriptionQueryOptions(balerId: string) {
  return queryOptions({
    queryKey: subscriptionsKeys.baler(balerId),
    queryFn: ({ signal }) => getBalerSubscription(balerId, signal),
  });
}

export function useBalerSubscription(balerId: string) {
  return useQuery(balerSubscriptionQueryOptions(balerId));
}
