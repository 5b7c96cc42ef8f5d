import {
  type Filter,
  filterSchema,
  type SaveFilterRequest,
} from '@baletrack/contracts/filters/filter';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** PUT /filters/{id}: replaces the filter's name and limits. */
export async function updateFilter({
  id,
  ...filter
}: SaveFilterRequest & { id: string }): Promise<Filter> {
  return filterSchema.parse(
    await dataApi.put(`/filters/${encodeURIComponent(id)}`, { body: filter }),
  );
}

/** Saves a change; the map asks again, as what the filter keeps may have changed. */
export function useUpdateFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFilter,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: filterKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['map'] });
    },
  });
}
