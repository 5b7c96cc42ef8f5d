import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { userApi } from '@/lib/api-client';

/** DELETE /machines/{id}: the baler leaves the list; its bales stay (ADR 5). */
export async function deleteBaler(id: string): Promise<void> {
  await userApi.delete(`/machines/${encodeURIComponent(id)}`);
}

export function useDeleteBaler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBaler,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balersKeys.all }),
  });
}
