import {
  type AddLoadBales,
  type AddLoadBalesResponse,
  addLoadBalesResponseSchema,
} from '@baletrack/contracts/loads/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/**
 * POST /loads/{id}/bales (owner or manager, open loads only): bales picked one way; the answer
 * says how many were added and what was left out and why.
 */
export async function addLoadBales(
  loadId: string,
  pick: AddLoadBales,
): Promise<AddLoadBalesResponse> {
  return addLoadBalesResponseSchema.parse(
    await dataApi.post(`/loads/${encodeURIComponent(loadId)}/bales`, { body: pick }),
  );
}

/** Adds bales; the load (its totals) and the list (its counts) are read again. */
export function useAddLoadBales(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pick: AddLoadBales) => addLoadBales(loadId, pick),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
