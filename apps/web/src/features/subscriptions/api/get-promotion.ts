import { type Promotion, promotionSchema } from '@baletrack/contracts/subscriptions/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** POST /subscriptions/promo/current (docs/product.md#user-api): the running promotion, or null. */
export async function getPromotion(signal?: AbortSignal): Promise<Promotion> {
  return promotionSchema.parse(await userApi.post('/subscriptions/promo/current', { signal }));
}

export function promotionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionsKeys.promotion(),
    queryFn: ({ signal }) => getPromotion(signal),
  });
}

export function usePromotion() {
  return useQuery(promotionQueryOptions());
}
