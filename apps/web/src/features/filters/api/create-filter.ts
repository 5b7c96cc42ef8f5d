import {
  type Filter,
  filterSchema,
  type SaveFilterRequest,
} from '@baletrack/contracts/filters/filter';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** POST /filters/create. */
export async function createFilter(filter: SaveFilterRequest): Promise<Filter> {
  return filterSchema.parse(await dataApi.post('/filters/create', { body: filter }));
}

export function useCreateFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFilter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filterKeys.all }),
  });
}
