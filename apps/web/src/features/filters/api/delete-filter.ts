import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /filters/{id}. */
export async function deleteFilter(id: string): Promise<void> {
  await dataApi.delete(`/filters/${encodeURIComponent(id)}`);
}

export function useDeleteFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFilter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filterKeys.all }),
  });
}
