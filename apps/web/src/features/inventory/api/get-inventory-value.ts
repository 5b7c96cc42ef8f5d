import {
  type InventoryValueResponse,
  inventoryValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@/features/inventory/api/inventory-keys';
import { dataApi } from '@/lib/api-client';

/** GET /inventory/value: the hay on hand valued on a day (today when none is given). */
export async function getInventoryValue(
  asOf: string | undefined,
  signal?: AbortSignal,
): Promise<InventoryValueResponse> {
  const query = asOf ? { asOf } : undefined;
  return inventoryValueResponseSchema.parse(
    await dataApi.get('/inventory/value', { query, signal }),
  );
}

export function useInventoryValue(asOf: string | undefined) {
  return useQuery({
    queryKey: inventoryKeys.value(asOf),
    queryFn: ({ signal }) => getInventoryValue(asOf, signal),
  });
}
