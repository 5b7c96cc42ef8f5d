import { type Crop, cropSchema } from '@baletrack/contracts/crops/crop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { dataApi } from '@/lib/api-client';

/** PUT /crops/{id}?name=…. */
export async function renameCrop({ id, name }: { id: string; name: string }): Promise<Crop> {
  return cropSchema.parse(
    await dataApi.put(`/crops/${encodeURIComponent(id)}`, { query: { name } }),
  );
}

/** A renamed crop also reads differently in summaries grouped by crop. */
export function useRenameCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCrop,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cropsKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['summaries'] });
    },
  });
}
