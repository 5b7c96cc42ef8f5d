import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cuttingChangeKeys } from '@/features/cuttings/api/cuttings-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /cuttings/{id}. */
export async function deleteCutting(id: string): Promise<void> {
  await dataApi.delete(`/cuttings/${encodeURIComponent(id)}`);
}

export function useDeleteCutting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCutting,
    onSuccess: () =>
      Promise.all(cuttingChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
