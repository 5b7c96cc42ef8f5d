import {
  type LoadDetails,
  type LoadResponse,
  loadResponseSchema,
} from '@baletrack/contracts/loads/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** PATCH /loads/{id} (owner or manager, open loads only): all of a load's details at once. */
export async function updateLoad(loadId: string, details: LoadDetails): Promise<LoadResponse> {
  return loadResponseSchema.parse(
    await dataApi.patch(`/loads/${encodeURIComponent(loadId)}`, { body: details }),
  );
}

/** Saves a load's details; the ship date can change its value, so the answer replaces it whole. */
export function useUpdateLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: LoadDetails) => updateLoad(loadId, details),
    onSuccess: (load) => {
      queryClient.setQueryData(loadsKeys.load(loadId), load);
      return queryClient.invalidateQueries({ queryKey: loadsKeys.list() });
    },
  });
}
