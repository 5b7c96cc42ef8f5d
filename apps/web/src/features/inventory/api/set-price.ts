import {
  type GradePriceRow,
  gradePriceSchema,
  type SavePriceRequest,
} from '@baletrack/contracts/inventory/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inventoryKeys } from '@/features/inventory/api/inventory-keys';
import { dataApi } from '@/lib/api-client';

/** POST /inventory/prices (account owner only): a grade's price from a day on. */
export async function setPrice(request: SavePriceRequest): Promise<GradePriceRow> {
  return gradePriceSchema.parse(await dataApi.post('/inventory/prices', { body: request }));
}

/** Saves a price; the prices and every value are read again, since values follow prices. */
export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
