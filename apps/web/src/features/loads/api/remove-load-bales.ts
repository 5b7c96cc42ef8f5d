import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /loads/{id}/bales (owner or manager, open loads only): bales taken off by uid. */
export async function removeLoadBales(loadId: string, uids: string[]): Promise<void> {
  await dataApi.delete(`/loads/${encodeURIComponent(loadId)}/bales`, { body: { uids } });
}

export function useRemoveLoadBales(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uids: string[]) => removeLoadBales(loadId, uids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
