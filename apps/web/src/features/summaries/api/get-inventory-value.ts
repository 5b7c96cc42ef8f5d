import {
  type InventoryValueResponse,
  inventoryValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { useQuery } from '@tanstack/react-query';
import { summariesKeys } from '@/features/summaries/api/summaries-keys';
import { dataApi } from '@/lib/api-client';

/** GET /inventory/value: the whole hay on hand valued today, for the summary's value line. */
export async function getInventoryValue(signal?: AbortSignal): Promise<InventoryValueResponse> {
  return inventoryValueResponseSchema.parse(await dataApi.get('/inventory/value', { signal }));
}

export function useInventoryValue(enabled: boolean) {
  return useQuery({
    queryKey: summariesKeys.inventoryValue(),
    queryFn: ({ signal }) => getInventoryValue(signal),
    enabled,
  });
}
