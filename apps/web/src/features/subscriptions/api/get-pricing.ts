import { type Pricing, pricingSchema } from '@baletrack/contracts/subscriptions/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** GET /subscriptions/pricing: whether the server bills and takes payments; a credit's price. */
export async function getPricing(signal?: AbortSignal): Promise<Pricing> {
  return pricingSchema.parse(await userApi.get('/subscriptions/pricing', { signal }));
}

export function pricingQueryOptions() {
  return queryOptions({
    queryKey: subscriptionsKeys.pricing(),
    queryFn: ({ signal }) => getPricing(signal),
  });
}

export function usePricing() {
  return useQuery(pricingQueryOptions());
}
