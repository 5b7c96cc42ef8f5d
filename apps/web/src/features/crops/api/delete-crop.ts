import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /crops/{id}; refused (409) while cuttings use the crop. */
export async function deleteCrop(id: string): Promise<void> {
  await dataApi.delete(`/crops/${encodeURIComponent(id)}`);
}

export function useDeleteCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCrop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cropsKeys.all }),
  });
}
