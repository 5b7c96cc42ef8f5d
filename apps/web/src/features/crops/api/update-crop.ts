import { type Crop, cropSchema } from '@baletrack/contracts/crops/crop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { dataApi } from '@/lib/api-client';

export interface CropUpdate {
  id: string;
  name: string;
  /** The crop's own removal rates, kg per tonne of dry matter; null: the published rate. */
  removal?: { p2o5KgPerTonneDm: number | null; k2oKgPerTonneDm: number | null };
}

/**
 * PUT /crops/{id}?name=…: renames the crop and, with `removal`, sets its own rates (an empty
 * value brings back the published one); without it the rates stay as they are.
 */
export async function updateCrop({ id, name, removal }: CropUpdate): Promise<Crop> {
  const rate = (value: number | null) => (value === null ? '' : String(value));
  const query = removal
    ? {
        name,
        p2o5KgPerTonneDm: rate(removal.p2o5KgPerTonneDm),
        k2oKgPerTonneDm: rate(removal.k2oKgPerTonneDm),
      }
    : { name };
  return cropSchema.parse(await dataApi.put(`/crops/${encodeURIComponent(id)}`, { query }));
}

/** A renamed crop also reads differently in summaries grouped by crop, and its rates in yield. */
export function useUpdateCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCrop,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cropsKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['summaries'] });
      await queryClient.invalidateQueries({ queryKey: ['yield'] });
    },
  });
}
