import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /loads/{id} (owner or manager, not once shipped): its bales stay on hand. */
export async function deleteLoad(loadId: string): Promise<void> {
  await dataApi.delete(`/loads/${encodeURIComponent(loadId)}`);
}

export function useDeleteLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLoad(loadId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: loadsKeys.load(loadId) });
      return queryClient.invalidateQueries({ queryKey: loadsKeys.list() });
    },
  });
}
