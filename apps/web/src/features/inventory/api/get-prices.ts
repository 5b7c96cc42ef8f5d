import {
  type PricesResponse,
  pricesResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@/features/inventory/api/inventory-keys';
import { dataApi } from '@/lib/api-client';

/** GET /inventory/prices: every price row, newest first, and the ton they are set per. */
export async function getPrices(signal?: AbortSignal): Promise<PricesResponse> {
  return pricesResponseSchema.parse(await dataApi.get('/inventory/prices', { signal }));
}

export function usePrices() {
  return useQuery({ queryKey: inventoryKeys.prices(), queryFn: ({ signal }) => getPrices(signal) });
}
