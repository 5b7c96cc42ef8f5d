import { type Crop, cropSchema } from '@baletrack/contracts/crops/crop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { dataApi } from '@/lib/api-client';

/** POST /crops?name=…: the spec sends a crop's name as a query parameter. */
export async function createCrop(name: string): Promise<Crop> {
  return cropSchema.parse(await dataApi.post('/crops', { query: { name } }));
}

export function useCreateCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCrop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cropsKeys.all }),
  });
}
