import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldChangeKeys } from '@/features/fields/api/fields-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /fields/{id}. */
export async function deleteField(id: string): Promise<void> {
  await dataApi.delete(`/fields/${encodeURIComponent(id)}`);
}

export function useDeleteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteField,
    onSuccess: () =>
      Promise.all(fieldChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
